import type { FastifyInstance } from 'fastify';
import { incomingTransferSchema, rejectReasonSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { idParams, idParamsFor, okResponse, responses, simpleRestListQuery } from '../../common/route-schemas';
import { notFound } from '../../common/app-error';
import { minorToDecimal } from '@strongroom/shared';
import { decide, decideIn, firstApprover } from '../review';
import { parseListParams, sendList } from '../../common/list-paging';
import { incomingReview, postIncoming, type IncomingInput } from './incoming.service';
import { settlementReview } from './settlement.review';
import { incomingPaymentById, listIncomingPayments } from './transfers.queries';

const tags = ['admin'];

/** A stored row's amount as the wire's decimal string, in its currency's own decimals. */
function withAmount(row: Record<string, unknown>) {
  const { amount_minor: amountMinor, ...rest } = row as { amount_minor: string; currency: string } & Record<string, unknown>;
  return Object.assign(rest, { amount: minorToDecimal(BigInt(amountMinor), String(rest.currency)) });
}
const decided = responses({ 200: okResponse({ status: { type: 'string' }, awaitingSecondApproval: { type: 'boolean' } }) });

/** Staff decisions the transfers module owns: settling held transfers, and incoming payments (with four eyes). */
export default async function transferAdminRoutes(app: FastifyInstance) {
  const adminOnly = app.requireStaff(['admin']);
  const anyStaff = app.requireStaff();

  app.reviewQueues.add({
    resource: 'transactions',
    label: 'Outbound transfers',
    pendingCountSql: `SELECT count(*) FROM transactions WHERE status = 'pending' AND kind IN ('transfer_local','transfer_international')`,
  });
  app.reviewQueues.add({
    resource: 'incoming-payments',
    label: 'Incoming payments (second approval)',
    pendingCountSql: `SELECT count(*) FROM incoming_payments WHERE status = 'awaiting_second_approval'`,
  });

  // Settlement moves money: an Idempotency-Key makes a retried click answer once (the decision itself is idempotent too).
  for (const decision of ['approve', 'reject'] as const) {
    app.patch(
      `/transaction/:id/${decision}`,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: decision === 'approve' ? 'Settle a pending transfer (staff admin, audited)' : 'Reject a pending transfer: funds and fee return (staff admin, audited)',
          params: idParamsFor('Transaction not found'),
          ...(decision === 'reject' ? { body: rejectReasonSchema } : {}),
          response: decided,
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const reason = decision === 'reject' ? (request.body as { reason: string }).reason : undefined;
        const result = await app.idempotency.run(request, `staff:${request.staff!.id}`, async (m) => {
          const outcome = await decideIn(m, app, settlementReview, { id, decision, reason, actor: actorOf(request) });
          return { status: 200, body: { success: true, ...outcome } };
        });
        return reply.status(result.status).send(result.body);
      },
    );
  }

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
      const input = request.body as IncomingInput;
      // The network reference is the idempotency key: the same payment can never be credited twice.
      request.headers['idempotency-key'] = `incoming:${input.reference}`.replace(/[^A-Za-z0-9_.:-]/g, '_').padEnd(8, '_');
      const actor = Object.assign(actorOf(request), { id: request.staff!.id });
      const result = await app.idempotency.run(request, 'incoming-transfers', (m) => postIncoming(app, m, input, actor));
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/admin/incoming-payments',
    { preHandler: anyStaff, schema: { tags, summary: 'Incoming payments posted by staff (ra-data-simple-rest list)', querystring: simpleRestListQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query as Record<string, unknown>, ['created_at'], 'created_at');
      const status = typeof params.filter.status === 'string' ? params.filter.status : null;
      const { items, total } = await listIncomingPayments(app.db, { status, direction: params.sortOrder, limit: params.limit, offset: params.offset });
      return sendList(reply, 'incoming-payments', items.map(withAmount), params.offset, total);
    },
  );

  app.get('/admin/incoming-payments/:id', { preHandler: anyStaff, schema: { tags, summary: 'One incoming payment, with who gave the first approval', params: idParams } }, async (request) => {
    const { id } = request.params as { id: string };
    const item = await incomingPaymentById(app.db, id);
    if (!item) throw notFound('Incoming payment not found');
    return Object.assign(withAmount(item), { firstApproval: await firstApprover(app.db, 'incoming_payment', id) });
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.patch(
      `/admin/incoming-payments/:id/${decision}`,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: `${decision === 'approve' ? 'Second approval: credit' : 'Reject'} an incoming payment above the four-eyes threshold`,
          params: idParams,
          ...(decision === 'reject' ? { body: rejectReasonSchema } : {}),
          response: decided,
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const reason = decision === 'reject' ? (request.body as { reason: string }).reason : undefined;
        return { success: true, ...(await decide(app, incomingReview, { id, decision, reason, actor: actorOf(request) })) };
      },
    );
  }
}
