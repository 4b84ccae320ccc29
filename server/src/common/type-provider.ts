import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type * as yup from 'yup';

/**
 * Handler types from a route's declared schemas (docs/decisions/0055-route-type-provider.md): a yup body,
 * querystring or params schema — the same one the browser form uses — types `request.body/query/params` as what
 * `yupValidatorCompiler` hands the handler (yup's output type), so a handler never restates its contract with a cast.
 *
 * Responses stay JSON Schema written for Fastify's serializer and the OpenAPI document; they are not declared
 * `as const`, so the serializer side is left `unknown` (a handler's return value is not checked against them; the
 * route-contracts test checks that every route declares one).
 */
export interface YupTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends yup.Schema ? yup.InferType<this['schema']> : unknown;
  readonly serializer: unknown;
}

/** The instance a module's routes are registered on: Fastify with the yup type provider. */
export type RouteInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression<RawServerDefault>, RawReplyDefaultExpression<RawServerDefault>, FastifyBaseLogger, YupTypeProvider>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads no request body: an action its URL names (approve, cancel, sign out). Such a route declares no
     * body schema, since one would refuse the empty body these requests carry; the route-contracts test accepts that.
     */
    noBody?: true;
  }
}
