// Build-time rendering of the landing page (built by `vite build --ssr`, run by ../vite-prerender.ts at the end of the browser build): the same tree
// main.tsx hydrates, at `/`, signed out and in light mode, with the CSS its components use. Nothing here runs in
// the browser.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { App } from './App';
import { AuthProvider } from './auth/AuthContext';
import { ColorModeProvider } from './theme/ColorModeContext';

export interface PrerenderedPage {
  /** The markup for inside `<div id="root">`. */
  html: string;
  /** `<style data-emotion>` tags for the page's head; emotion in the browser takes them over instead of re-inserting. */
  styleTags: string;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  // The browser's default emotion cache has the key 'css': the same key lets it recognise these tags.
  const cache = createCache({ key: 'css' });
  const emotionServer = createEmotionServer(cache);
  // prerender (unlike renderToString) waits for the lazily loaded page, so the HTML holds the page, not the loader.
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <StrictMode>
        <ColorModeProvider prerendered>
          <StaticRouter location={path}>
            <AuthProvider>
              <App />
            </AuthProvider>
          </StaticRouter>
        </ColorModeProvider>
      </StrictMode>
    </CacheProvider>,
  );
  const html = await readAll(prelude);
  return { html, styleTags: emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html)) };
}
