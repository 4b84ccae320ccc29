import type { FastifyRequest } from 'fastify';
import type { RouteInstance } from '../../common/type-provider';
import { cardAuthorisationSchema, cardCaptureSchema } from '@strongroom/shared';
import { actorOf, type Actor } from '../../common/actor';
import { safeEqual } from '../../common/crypto';
import { guardFor } from '../../common/route-access';
import { idParams, moneySchema, okResponse, responses } from '../../common/route-schemas';
import { CardNetworkService } from './cards.network';
import type { CardKeys } from './cards.issuing';
import * as errors from './cards.errors';

const tags = ['card network'];
const authorisationSchema = {
  type: 'object',
  additionalProperties: true,
  properties: { id: { type: 'string' }, status: { type: 'string' }, amount: moneySchema, currency: { type: 'string' } },
};

/**
 * The card network interface: callable with the network's credential from configuration (header
 * x-network-key = CARD_NETWORK_KEY) or by a staff admin (the console's "Post a card payment").
 */
export default async function cardNetworkRoutes(app: RouteInstance, opts: { keys: CardKeys }) {
  const network = new CardNetworkService(app, opts.keys);
  const adminOnly = app.requireStaff(['admin']);
  const scope = 'card-network';
  const moneyLimit = { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } };

  /** The network's credential, or else a staff admin session. */
  const networkCaller = guardFor('network', async (request: FastifyRequest) => {
    const key = request.headers['x-network-key'];
    if (key !== undefined) {
      if (!app.config.cardNetworkKey || typeof key !== 'string' || !safeEqual(key, app.config.cardNetworkKey)) throw errors.networkCredentialRequired();
      return;
    }
    await (adminOnly as (r: FastifyRequest) => Promise<void>)(request);
  });
  const callerOf = (request: FastifyRequest): Actor => (request.staff ? actorOf(request) : { type: 'system', id: null, email: 'card-network', ip: request.ip });

  app.post(
    '/network/card-authorisations',
    {
      preHandler: networkCaller,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Authorise a purchase: approved (a hold on the credit line) or declined with a reason',
        body: cardAuthorisationSchema,
        response: responses({ 201: okResponse({ approved: { type: 'boolean' }, declineReason: { type: 'string' }, authorisation: authorisationSchema }) }),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const result = await app.idempotency.run(request, scope, async (m) => ({ status: 201, body: { success: true, ...(await network.authorise(m, input, callerOf(request))) } }));
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/network/card-authorisations/:id/capture',
    {
      preHandler: networkCaller,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Capture a held authorisation: books the purchase (card receivable against merchant settlement)',
        params: idParams,
        body: cardCaptureSchema,
        response: responses({ 200: okResponse({ authorisation: authorisationSchema }) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { amount } = request.body;
      const result = await app.idempotency.run(request, scope, async (m) => ({
        status: 200,
        body: { success: true, message: 'Captured', authorisation: await network.capture(m, id, amount, callerOf(request)) },
      }));
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/network/card-authorisations/:id/void',
    {
      preHandler: networkCaller,
      config: { rateLimit: moneyLimit.rateLimit, noBody: true },
      schema: { tags, summary: 'Void a held authorisation: the hold is released', params: idParams, response: responses({ 200: okResponse({ authorisation: authorisationSchema }) }) },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await app.idempotency.run(request, scope, async (m) => ({ status: 200, body: { success: true, message: 'Voided', authorisation: await network.void(m, id, callerOf(request)) } }));
      return reply.status(result.status).send(result.body);
    },
  );
}
