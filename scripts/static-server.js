// A front end served from an origin of its own: one built app (customer-web/dist or admin-console/dist),
// its SPA fallback, a config.json naming the API (runtime configuration, not baked into the build) and the
// same security headers the API sends, with the API's origin added where the page must reach it.
//   DIST=customer-web/dist API_URL=https://api.bank.example PORT=8080 node scripts/static-server.js
//   DIST=admin-console/dist BASE=/admin/ API_URL=https://api.bank.example PORT=8081 node scripts/static-server.js
// Used by docker/compose.yml and by the browser test e2e/separate-origins.e2e.test.ts. No dependencies.
'use strict';
const { createServer } = require('node:http');
const { existsSync } = require('node:fs');
const { readFile, stat } = require('node:fs/promises');
const { extname, join, normalize, resolve, sep } = require('node:path');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The API's Content-Security-Policy (server/src/plugins/security-headers.plugin.ts) with the API's origin allowed. */
function contentSecurityPolicy(apiOrigin) {
  const api = apiOrigin ? ` ${apiOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${api}`,
    "font-src 'self' data:",
    `connect-src 'self'${api}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${api}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Starts the server; resolves with { url, close() }. */
function startStaticServer({ dist, apiUrl = '', base = '/', port = 0, host = '127.0.0.1', secure = false }) {
  const root = resolve(dist);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const apiOrigin = apiUrl ? new URL(apiUrl).origin : '';
  const shellExists = existsSync(join(root, 'app.html'));
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy(apiOrigin),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const send = (res, status, type, body, extra = {}) => {
    res.writeHead(status, { ...headers, 'Content-Type': type, ...extra });
    res.end(body);
  };
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed');
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (prefix !== '/' && (path === '/' || path === prefix.slice(0, -1))) return send(res, 302, 'text/plain', '', { Location: prefix });
      if (!path.startsWith(prefix)) return send(res, 404, 'text/plain', 'Not found');
      if (path === `${prefix}config.json`) return send(res, 200, TYPES['.json'], JSON.stringify({ apiUrl }), { 'Cache-Control': 'no-store' });
      const file = normalize(join(root, path.slice(prefix.length)));
      if (file !== root && !file.startsWith(root + sep)) return send(res, 404, 'text/plain', 'Not found');
      const found = await stat(file).catch(() => null);
      if (found && found.isFile()) {
        const immutable = path.startsWith(`${prefix}assets/`);
        return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', req.method === 'HEAD' ? '' : await readFile(file), {
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
      }
      if (extname(path)) return send(res, 404, 'text/plain', 'Not found');
      // The customer app's index.html is its landing page drawn at build time (customer-web/vite-prerender.ts),
      // for the app's root only; every other path gets the empty shell, app.html, where the build wrote one.
      const page = path !== prefix && shellExists ? 'app.html' : 'index.html';
      return send(res, 200, TYPES['.html'], await readFile(join(root, page)), { 'Cache-Control': 'no-cache' });
    } catch {
      send(res, 400, 'text/plain', 'Bad request');
    }
  });
  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolveStart({ url: `http://${host}:${address.port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

module.exports = { startStaticServer, contentSecurityPolicy };

if (require.main === module) {
  const env = process.env;
  if (!env.DIST) {
    process.stderr.write('DIST (the built app folder) is required\n');
    process.exit(1);
  }
  startStaticServer({ dist: env.DIST, apiUrl: env.API_URL ?? '', base: env.BASE ?? '/', port: Number(env.PORT ?? 8080), host: env.HOST ?? '0.0.0.0', secure: env.HSTS === '1' }).then(({ url }) =>
    process.stdout.write(`Serving ${env.DIST} at ${url}${env.BASE ?? '/'} (API: ${env.API_URL || 'same origin'})\n`),
  );
}
