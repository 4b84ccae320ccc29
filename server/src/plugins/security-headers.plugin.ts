import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import cors from '@fastify/cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of both front ends when this process serves them. No inline script anywhere
 * (Vite emits module files only); style-src needs 'unsafe-inline' because MUI's emotion injects <style>
 * elements at run time (measured: the console and the customer app both do, on every page). Images may be
 * data: URLs (previews before upload) and blob: (statement downloads).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The headers helmet sets for `options`, worked out once. They depend on nothing in the request, and
 * @fastify/helmet built a new helmet for every request (about 5% of the server's CPU on a transfer).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet's middleware is synchronous: a version that is not would leave these headers unset.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers on every answer (helmet), CORS for front ends served from their own origins
 * (CUSTOMER_ORIGIN, CONSOLE_ORIGIN: exactly those, with credentials), and no caching of any API answer:
 * an authenticated JSON answer must never be kept by a shared or a browser cache.
 */
export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  const { config } = app;
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // HSTS only where the bank is reached over https (PUBLIC_URL): on http it would be ignored or wrong.
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Front ends on their own origins load images from the API: same-site, never any site.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // Range: react-admin's list requests (ra-data-simple-rest) send it.
      allowedHeaders: ['Content-Type', 'Accept', 'Authorization', 'Range', 'x-csrf-token', 'Idempotency-Key', 'x-session-mode'],
      exposedHeaders: ['Content-Range', 'Content-Disposition'],
      maxAge: 600,
    });
  }
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
});
