import type { FastifyInstance } from 'fastify';
import { STANDING_ORDER_STATUSES } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { idParamsFor, moneySchema, okResponse, responses } from '../../common/route-schemas';
import { withTransaction } from '../../db/transaction';
import { cancelStandingOrder, defineStandingOrderJobs, standingOrdersOf } from './standing-orders.service';

const tags = ['standing orders'];
const date = { type: 'string', format: 'date' };
const nullableDate = { type: ['string', 'null'], format: 'date' };

const standingOrderSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: [...STANDING_ORDER_STATUSES] },
    frequency: { type: 'string', enum: ['weekly', 'monthly'] },
    recipientName: { type: 'string' },
    recipientBankName: { type: 'string' },
    recipientAccountNumber: { type: 'string' },
    amount: moneySchema,
    currency: { type: 'string' },
    firstOn: date,
    nextOn: nullableDate,
    untilOn: nullableDate,
    paymentsMade: { type: 'integer' },
    lastFailure: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'status', 'frequency', 'recipientName', 'amount', 'currency', 'firstOn', 'nextOn', 'untilOn', 'paymentsMade', 'lastFailure', 'createdAt'],
  additionalProperties: false,
};

/**
 * Standing orders (docs/decisions/0053): set up by authenticating a local transfer that repeats (POST
 * /transfer/local with `repeat`); listed and stopped here. Each route reads the caller's own orders only.
 */
export default async function standingOrderRoutes(app: FastifyInstance) {
  const customer = app.requireApprovedCustomer;
  defineStandingOrderJobs(app);

  app.get(
    '/standing-orders',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: "The caller's standing orders: active ones first (soonest payment first), then the latest 20 that ended",
        response: responses({ 200: okResponse({ items: { type: 'array', items: standingOrderSchema } }) }),
      },
    },
    async (request) => ({ success: true, items: await standingOrdersOf(app.db.manager, request.customer!.id) }),
  );

  app.post(
    '/standing-orders/:id/cancel',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'Stop a standing order: no later payment is made',
        params: idParamsFor('Standing order not found'),
        response: responses({ 200: okResponse() }),
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      await withTransaction(app.db, (m) => cancelStandingOrder(m, request.customer!.id, id, actorOf(request)));
      return { success: true, message: 'Standing order stopped. No further payments will be made.' };
    },
  );
}
