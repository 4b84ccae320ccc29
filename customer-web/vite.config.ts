import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress';
import { regions } from './vite-regions';
import { prerenderLanding } from './vite-prerender';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react(), regions(), prerenderLanding(), precompress()],
  // The shared package's TypeScript sources, not its CommonJS build: ES modules let the bundle keep only what a
  // chunk uses (the landing page needs a constant, not yup and every schema).
  resolve: { alias: { '@strongroom/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // yup declares no sideEffects in its package.json but has none: without this, importing one regular
    // expression from the shared schemas' module would bring all of yup along.
    rollupOptions: { treeshake: { moduleSideEffects: (id) => !id.includes('/node_modules/yup/') } },
    chunkSizeWarningLimit: 1500,
  },
  server: { port: 5173, proxy: { '/v1': apiTarget } },
});
