import type { RouteInstance } from '../../common/type-provider';
import { cardApplicationSchema, cardPaymentSchema, rejectReasonSchema, cardRevealSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { customerKeyScope } from '../../plugins/idempotency.plugin';
import { idParams, okResponse, responses } from '../../common/route-schemas';
import { decide } from '../review';
import { CardsService } from './cards.service';
import { cardReviewKind } from './cards.review';
import { PENDING_CARD_APPLICATIONS_SQL } from './cards.queries';
import cardAdminRoutes from './cards.admin.routes';
import cardNetworkRoutes from './cards.network.routes';
import { cardActivitySchema, cardSchema } from './cards.schemas';
import { accountIdField } from '../accounts';

const tags = ['cards'];

/** Cards (docs/decisions/0012-issued-cards.md): apply, see masked, reveal with the PIN, freeze, pay the balance; staff decide and block. */
export default async function cardRoutes(app: RouteInstance) {
  const cards = new CardsService(app);
  const kind = cardReviewKind(cards.keys);
  const customer = app.requireApprovedCustomer;
  const adminOnly = app.requireStaff(['admin']);
  const moneyLimit = { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } };
  app.reviewQueues.add({ resource: 'cards', label: 'Card applications', pendingCountSql: PENDING_CARD_APPLICATIONS_SQL });

  app.post(
    '/card',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'Apply for a card (a credit decision by staff) on your primary account or accountId (owner or joint holder); the bank issues number, expiry and CVV',
        body: cardApplicationSchema.shape({ accountId: accountIdField() }),
        response: responses({ 201: okResponse({ card: cardSchema }) }),
      },
    },
    async (request, reply) => {
      const card = await cards.apply(request.customer!.id, request.body, actorOf(request));
      return reply.status(201).send({ success: true, message: 'Card application submitted. We will e-mail you when it is decided.', card });
    },
  );

  app.get(
    '/card',
    { preHandler: app.requireCustomer, schema: { tags, summary: "The caller's cards, masked", response: responses({ 200: okResponse({ cards: { type: 'array', items: cardSchema } }) }) } },
    async (request) => ({
      success: true,
      cards: await cards.list(request.customer!.id),
    }),
  );

  app.get(
    '/card/:id',
    { preHandler: app.requireCustomer, schema: { tags, summary: "One of the caller's cards, masked", params: idParams, response: responses({ 200: okResponse({ card: cardSchema }) }) } },
    async (request) => ({
      success: true,
      card: await cards.get(request.customer!.id, request.params.id),
    }),
  );

  app.get(
    '/card/:id/transactions',
    {
      preHandler: app.requireCustomer,
      schema: { tags, summary: "A card's purchases and payments, newest first", params: idParams, response: responses({ 200: okResponse({ items: { type: 'array', items: cardActivitySchema } }) }) },
    },
    async (request) => ({
      success: true,
      items: await cards.activity(request.customer!.id, request.params.id),
    }),
  );

  app.post(
    '/card/:id/reveal',
    {
      preHandler: customer,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Number, expiry and CVV, with the transaction PIN (audited; not cached, not logged)',
        params: idParams,
        body: cardRevealSchema,
        response: responses({ 200: okResponse({ cardNumber: { type: 'string' }, expiry: { type: 'string' }, cvv: { type: 'string' } }) }),
      },
    },
    async (request, reply) => {
      const { pin } = request.body;
      const revealed = await cards.reveal(request.customer!.id, request.params.id, pin, actorOf(request));
      return reply
        .header('Cache-Control', 'no-store')
        .header('Pragma', 'no-cache')
        .send({ success: true, ...revealed });
    },
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.patch(
      `/card/:id/${action}`,
      {
        preHandler: customer,
        config: { noBody: true },
        schema: {
          tags,
          summary: action === 'freeze' ? 'Freeze the card: every payment is declined until unfrozen' : 'Unfreeze the card',
          params: idParams,
          response: responses({ 200: okResponse({ card: cardSchema }) }),
        },
      },
      async (request) => {
        const card = await cards.setFrozen(request.customer!.id, request.params.id, action === 'freeze', actorOf(request));
        return { success: true, message: action === 'freeze' ? 'Card frozen' : 'Card unfrozen', card };
      },
    );
  }

  app.post(
    '/card/:id/pay',
    {
      preHandler: customer,
      config: moneyLimit,
      schema: {
        tags,
        summary: "Pay the balance owed from the card's account, with the PIN (Idempotency-Key honoured)",
        params: idParams,
        body: cardPaymentSchema,
        response: responses({ 201: okResponse({ card: cardSchema }) }),
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.id;
      const cardId = request.params.id;
      const result = await app.idempotency.run(request, customerKeyScope(customerId), (m) => cards.pay(m, customerId, cardId, request.body, actorOf(request)));
      return reply.status(result.status).send(result.body);
    },
  );

  app.patch(
    '/card/:id/approve',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: {
        tags: ['admin'],
        summary: 'Approve a card application: the card is issued (four eyes above the threshold)',
        params: idParams,
        response: responses({ 200: okResponse({ status: { type: 'string' }, awaitingSecondApproval: { type: 'boolean' } }) }),
      },
    },
    async (request) => ({ success: true, ...(await decide(app, kind, { id: request.params.id, decision: 'approve', actor: actorOf(request) })) }),
  );

  app.patch(
    '/card/:id/reject',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Reject a card application with a reason',
        params: idParams,
        body: rejectReasonSchema,
        response: responses({ 200: okResponse({ status: { type: 'string' } }) }),
      },
    },
    async (request) => {
      const { reason } = request.body;
      return { success: true, ...(await decide(app, kind, { id: request.params.id, decision: 'reject', reason, actor: actorOf(request) })) };
    },
  );

  await app.register(cardAdminRoutes, { cards });
  await app.register(cardNetworkRoutes, { keys: cards.keys });
}
