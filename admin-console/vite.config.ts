import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  optimizeDeps: { include: ['@strongroom/shared'] },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 3000, commonjsOptions: { include: [/shared/, /node_modules/] } },
  server: { port: 5174, proxy: { '/v1': apiTarget } },
});
