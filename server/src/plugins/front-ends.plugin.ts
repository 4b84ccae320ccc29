import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const DEFAULT_DISTS = { customer: join(REPO_ROOT, 'customer-web', 'dist'), admin: join(REPO_ROOT, 'admin-console', 'dist') };

/** Vite names every file under assets/ by its content hash: a changed file is a new URL, so it may be kept forever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the SPA fallback, unhashed public files) is checked with the server on each use. */
export const REVALIDATE_CACHE = 'no-cache';

export interface FrontEndOptions {
  enabled: boolean;
  /** Where the built apps are (tests point these at a temporary folder). */
  customerDist?: string;
  adminDist?: string;
}

function setCacheHeaders(reply: FastifyReply, path: string) {
  reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
}

/**
 * The customer app at /, the console at /admin/, each with its SPA fallback; API 404s stay JSON. Files are sent
 * as compressed at build (scripts/vite-precompress.ts: .br, .gz beside each file) when the browser accepts it.
 */
export function registerFrontEnds(app: FastifyInstance, options: FrontEndOptions) {
  const customerDist = options.customerDist ?? DEFAULT_DISTS.customer;
  const adminDist = options.adminDist ?? DEFAULT_DISTS.admin;
  const hasCustomer = options.enabled && existsSync(join(customerDist, 'index.html'));
  const hasAdmin = options.enabled && existsSync(join(adminDist, 'index.html'));
  // The customer app's index.html holds the landing page drawn at build time (customer-web/vite-prerender.ts):
  // it is the answer to `/` only; every other path gets the empty shell, app.html (index.html in older builds).
  const customerShell = existsSync(join(customerDist, 'app.html')) ? 'app.html' : 'index.html';
  const common = { wildcard: false, index: false, preCompressed: true, cacheControl: false, setHeaders: setCacheHeaders } as const;
  // One registration decorates reply.sendFile, which the fallback uses for both apps (each with its own root).
  if (hasCustomer) app.register(fastifyStatic, Object.assign({}, common, { root: customerDist, prefix: '/', decorateReply: true }));
  if (hasAdmin) app.register(fastifyStatic, Object.assign({}, common, { root: adminDist, prefix: '/admin/', decorateReply: !hasCustomer }));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url.startsWith('/v1/') || url === '/v1' || url.startsWith('/docs');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApi || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).send({ success: false, error: 'Not found' });
    }
    if (url === '/admin' || url.startsWith('/admin/')) {
      return hasAdmin ? reply.type('text/html').sendFile('index.html', adminDist) : reply.status(404).send({ success: false, error: 'The console is not built. Run npm run build.' });
    }
    return hasCustomer
      ? reply.type('text/html').sendFile(url === '/' ? 'index.html' : customerShell, customerDist)
      : reply.status(404).send({ success: false, error: 'The web app is not built. Run npm run build.' });
  });
}
