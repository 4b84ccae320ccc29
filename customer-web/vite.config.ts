import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  // The shared package is CommonJS; pre-bundle it so named imports work in dev.
  optimizeDeps: { include: ['@strongroom/shared'] },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500, commonjsOptions: { include: [/shared/, /node_modules/] } },
  server: { port: 5173, proxy: { '/v1': apiTarget } },
});
