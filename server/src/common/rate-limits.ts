import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

/**
 * A limit counted per signed-in customer, whatever IPs they come from: a preHandler to put after the session check.
 * `scope` keeps each route's count apart.
 */
export function perCustomerLimit(app: FastifyInstance, scope: string, limit: { max: number; timeWindow: string }): preHandlerAsyncHookHandler {
  return app.rateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: (request: FastifyRequest) => `${scope}:${request.customer?.id}` });
}
