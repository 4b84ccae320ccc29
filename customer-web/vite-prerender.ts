// The landing page drawn at build time. `npm run build` here first builds the renderer (`vite build --ssr
// src/prerender.tsx --outDir dist-prerender`), then the browser bundle, at whose end this plugin writes
//   dist/index.html  the landing page in full (markup and its CSS), sent for `/` only, so a first visit paints
//                    before any script has run, and React then adopts it (src/main.tsx);
//   dist/app.html    Vite's empty shell, sent for every other path (the SPA fallback), so a deep link never shows
//                    the landing page while its own page loads;
// before the precompress plugin (../scripts/vite-precompress.ts) gives every file its .br and .gz.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const EMPTY_ROOT = '<div id="root"></div>';

export function prerenderLanding(rendererDir = 'dist-prerender'): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'strongroom-prerender-landing',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const renderer = resolve(root, rendererDir);
        const shell = await readFile(join(outDir, 'index.html'), 'utf8');
        if (!shell.includes(EMPTY_ROOT)) throw new Error(`prerender: dist/index.html has no ${EMPTY_ROOT} to fill`);
        const { renderPage } = (await import(pathToFileURL(join(renderer, 'prerender.js')).href)) as typeof import('./src/prerender');
        const { html, styleTags } = await renderPage('/');
        if (!html.includes('<h1')) throw new Error('prerender: the landing page rendered without its <h1>');
        // Replacement functions, not strings: the markup may hold `$&`-like sequences String.replace would expand.
        const landing = shell.replace('</head>', () => `${styleTags}</head>`).replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="/">${html}</div>`);
        await writeFile(join(outDir, 'app.html'), shell);
        await writeFile(join(outDir, 'index.html'), landing);
        await rm(renderer, { recursive: true, force: true });
      },
    },
  };
}
