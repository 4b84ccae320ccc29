import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ValidationError } from 'yup';
import { validationErrors, MoneyError } from '@strongroom/shared';
import { AppError } from '../common/app-error';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/availability';

/** Every failure leaves as `{ success:false, error, errors? }`; bad input is never a 500. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterS !== undefined) reply.header('Retry-After', String(err.retryAfterS));
      return reply.status(err.statusCode).send(Object.assign({}, err.extra, { success: false, error: err.message }, err.errors ? { errors: err.errors } : {}));
    }
    if (err instanceof ValidationError) {
      const errors = validationErrors(err);
      return reply.status(400).send({ success: false, error: Object.values(errors)[0] ?? err.message, errors });
    }
    if (err instanceof MoneyError) {
      return reply.status(400).send({ success: false, error: err.message, errors: { amount: err.message } });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const errors: Record<string, string> = {};
      for (const v of fe.validation) {
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || String((v.params as { missingProperty?: string })?.missingProperty ?? '_');
        errors[field] ??= v.message ?? 'Invalid value';
      }
      return reply.status(400).send({ success: false, error: 'Some fields are invalid', errors });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body must not be empty',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
        FST_REQ_FILE_TOO_LARGE: 'Image must be 5MB or less',
        FST_FILES_LIMIT: 'Only one file may be uploaded',
        FST_PARTS_LIMIT: 'Too many form fields',
        FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data',
      };
      const message =
        (fe.code && messages[fe.code]) || (status === 429 ? 'Too many requests. Please wait a moment and try again.' : fe.message.includes('JSON') ? 'The request body is not valid JSON' : fe.message);
      return reply.status(status).send({ success: false, error: message });
    }
    // The primary went away (failover, restart): the pool drops the broken connection; the client tries again.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return reply.status(503).send({ success: false, error: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, error: 'Something went wrong on our side. Please try again.' });
  });
});
