import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { refuseBadText } from '../common/bad-text';

/**
 * Text no route can store or compare (NUL, lone surrogates) is refused where the request is read, before
 * any handler, schema or SQL sees it: in the JSON body, the query string and the path. Multipart fields
 * are checked as they are read (common/multipart.ts), list filters as they are parsed (admin/simple-rest.ts).
 */
export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    refuseBadText(request.params);
    refuseBadText(request.query);
    if (request.body !== undefined && !request.isMultipart()) refuseBadText(request.body);
  });
});
