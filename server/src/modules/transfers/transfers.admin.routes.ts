import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteInstance } from '../../common/type-provider';
import { incomingTransferSchema, rejectReasonSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { idParams, idParamsFor, moneySchema, okResponse, responses } from '../../common/route-schemas';
import { notFound } from '../../common/app-error';
import { minorToDecimal } from '@strongroom/shared';
import { decide, decideIn, firstApprover } from '../review';
import { listQuery, sendList } from '../../common/list-paging';
import { incomingReview, postIncoming } from './incoming.service';
import { settlementReview } from './settlement.review';
import { incomingPaymentById, listIncomingPayments, PENDING_INCOMING_SQL, PENDING_SETTLEMENTS_SQL } from './transfers.queries';

const tags = ['admin'];

/** A stored row's amount as the wire's decimal string, in its currency's own decimals. */
function withAmount(row: Record<string, unknown>) {
  const { amount_minor: amountMinor, ...rest } = row as { amount_minor: string; currency: string } & Record<string, unknown>;
  return Object.assign(rest, { amount: minorToDecimal(BigInt(amountMinor), String(rest.currency)) });
}
/** An incoming payment as listed and shown (withAmount): passed through whole. */
const incomingPaymentSchema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, amount: moneySchema }, additionalProperties: true };
const decided = responses({ 200: okResponse({ status: { type: 'string' }, awaitingSecondApproval: { type: 'boolean' } }) });

/** Staff decisions the transfers module owns: settling held transfers, and incoming payments (with four eyes). */
export default async function transferAdminRoutes(app: RouteInstance) {
  const adminOnly = app.requireStaff(['admin']);
  const anyStaff = app.requireStaff();

  app.reviewQueues.add({
    resource: 'transactions',
    label: 'Outbound transfers',
    pendingCountSql: PENDING_SETTLEMENTS_SQL,
  });
  app.reviewQueues.add({
    resource: 'incoming-payments',
    label: 'Incoming payments (second approval)',
    pendingCountSql: PENDING_INCOMING_SQL,
  });

  // Settlement moves money: an Idempotency-Key makes a retried click answer once (the decision itself is idempotent too).
  const settle = async (request: FastifyRequest, reply: FastifyReply, id: string, decision: 'approve' | 'reject', reason?: string) => {
    const result = await app.idempotency.run(request, `staff:${request.staff!.id}`, async (m) => {
      const outcome = await decideIn(m, app, settlementReview, { id, decision, reason, actor: actorOf(request) });
      return { status: 200, body: { success: true, ...outcome } };
    });
    return reply.status(result.status).send(result.body);
  };
  const transactionParams = idParamsFor('Transaction not found');
  app.patch(
    '/transaction/:id/approve',
    { preHandler: adminOnly, config: { noBody: true }, schema: { tags, summary: 'Settle a pending transfer (staff admin, audited)', params: transactionParams, response: decided } },
    async (request, reply) => settle(request, reply, request.params.id, 'approve'),
  );
  app.patch(
    '/transaction/:id/reject',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Reject a pending transfer: funds and fee return (staff admin, audited)', params: transactionParams, body: rejectReasonSchema, response: decided },
    },
    async (request, reply) => settle(request, reply, request.params.id, 'reject', request.body.reason),
  );

  app.post(
    '/admin/incoming-transfers',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Post an incoming payment from the settlement network (idempotent on reference; above the four-eyes threshold it waits for a second admin)',
        body: incomingTransferSchema,
        response: responses({ 201: okResponse(), 202: okResponse() }),
      },
    },
    async (request, reply) => {
      const input = request.body;
      // The network reference is the idempotency key: the same payment can never be credited twice.
      request.headers['idempotency-key'] = `incoming:${input.reference}`.replace(/[^A-Za-z0-9_.:-]/g, '_').padEnd(8, '_');
      const actor = Object.assign(actorOf(request), { id: request.staff!.id });
      const result = await app.idempotency.run(request, 'incoming-transfers', (m) => postIncoming(app, m, input, actor));
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/admin/incoming-payments',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Incoming payments posted by staff (ra-data-simple-rest list)',
        querystring: listQuery(['created_at'], 'created_at'),
        response: responses({ 200: { type: 'array', items: incomingPaymentSchema } }),
      },
    },
    async (request, reply) => {
      const params = request.query;
      const status = typeof params.filter.status === 'string' ? params.filter.status : null;
      const { items, total } = await listIncomingPayments(app.db, { status, direction: params.sortOrder, limit: params.limit, offset: params.offset });
      return sendList(reply, 'incoming-payments', items.map(withAmount), params.offset, total);
    },
  );

  app.get(
    '/admin/incoming-payments/:id',
    { preHandler: anyStaff, schema: { tags, summary: 'One incoming payment, with who gave the first approval', params: idParams, response: responses({ 200: incomingPaymentSchema }) } },
    async (request) => {
      const { id } = request.params;
      const item = await incomingPaymentById(app.db, id);
      if (!item) throw notFound('Incoming payment not found');
      return Object.assign(withAmount(item), { firstApproval: await firstApprover(app.db, 'incoming_payment', id) });
    },
  );

  app.patch(
    '/admin/incoming-payments/:id/approve',
    { preHandler: adminOnly, config: { noBody: true }, schema: { tags, summary: 'Second approval: credit an incoming payment above the four-eyes threshold', params: idParams, response: decided } },
    async (request) => ({ success: true, ...(await decide(app, incomingReview, { id: request.params.id, decision: 'approve', actor: actorOf(request) })) }),
  );
  app.patch(
    '/admin/incoming-payments/:id/reject',
    { preHandler: adminOnly, schema: { tags, summary: 'Reject an incoming payment above the four-eyes threshold', params: idParams, body: rejectReasonSchema, response: decided } },
    async (request) => ({
      success: true,
      ...(await decide(app, incomingReview, { id: request.params.id, decision: 'reject', reason: request.body.reason, actor: actorOf(request) })),
    }),
  );
}
