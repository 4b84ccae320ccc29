import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../common/app-error';

/** Deeper than any body the API takes; code that walks a body recursively (request hashing) stays safe. */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` nests objects/arrays deeper than `max`, found in one pass (brackets inside strings do not count). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** Fastify's own JSON parser (prototype-poisoning keys refused), behind a nesting limit. */
export default fp(async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new AppError(400, 'The request body is nested too deeply'), undefined);
    parseJson(request, body as string, done);
  });
});
