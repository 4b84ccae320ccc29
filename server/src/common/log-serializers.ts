import type { FastifyRequest } from 'fastify';

/** Pages and routes whose query strings may carry one-time secrets (reset tokens, verification codes). */
const AUTH_PATH = /^\/(v1\/(admin\/)?auth\/|auth\/|reset-password|verify-email|forgot-password)/;
/** Query parameters that are secrets wherever they appear. */
const SECRET_PARAMS = /^(token|code|key|password|pin|otp|secret|signature)$/i;

/**
 * The URL as it may be logged: on auth pages and routes the path only (a reset link's token is a
 * password for 30 minutes); elsewhere the query string with secret-looking parameters' values replaced.
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  if (AUTH_PATH.test(path)) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* a malformed name is logged as sent */
      }
      return SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's request serializer with the URL made loggable (replaces Fastify's default, which logs req.url whole). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
