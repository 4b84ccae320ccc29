import { rejectReasonSchema } from '@strongroom/shared';
import type { RouteInstance } from '../../common/type-provider';
import { actorOf } from '../../common/actor';
import { notFound } from '../../common/app-error';
import { listQuery, sendList } from '../../common/list-paging';
import { idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { ACCOUNT_SORTABLE, accountOwnerNames, adminAccountPage } from './accounts-admin.queries';
import { ACCOUNT_STATUSES, adminAccountItemSchema, adminAccountSchema, customerAccountSchema, parseAccountFilter } from './accounts-admin.schemas';
import { adminAccountDetail, changeAccountStatus, toAdminAccountItem, toCustomerAccount } from './accounts-admin.service';
import { heldAccounts } from './accounts.queries';
import { accountReviewKind } from './accounts.review';
import { decide, decisionResponse } from '../review';
import { replicaReaderOf } from '../../db/read-replica';

const tags = ['admin'];
const accountParams = idParamsFor('Account not found');
const statusChanged = responses({
  200: Object.assign(
    okResponse({
      account: {
        type: 'object',
        required: ['id', 'status', 'statusReason'],
        properties: { id: { type: 'string', format: 'uuid' }, status: { type: 'string', enum: [...ACCOUNT_STATUSES] }, statusReason: { type: ['string', 'null'] } },
      },
    }),
    { required: ['success', 'message', 'account'] },
  ),
});

/**
 * The console's accounts (docs/decisions/0062-accounts.md): every staff member lists and reads them, an admin
 * freezes and unfreezes one with a reason (audited, the owner e-mailed) and decides a business account waiting on the
 * review queue (accounts.review.ts). Lists are ra-data-simple-rest's.
 */
export default async function accountsAdminRoutes(app: RouteInstance) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  const listSchema = {
    tags,
    summary: 'Accounts: filter by number (exact or its first digits), customerId, product, currency, status',
    querystring: listQuery(Object.keys(ACCOUNT_SORTABLE) as (keyof typeof ACCOUNT_SORTABLE)[], 'id'),
    response: responses({ 200: { type: 'array', items: adminAccountItemSchema } }),
  };
  app.get('/admin/accounts', { preHandler: anyStaff, schema: listSchema }, async (request, reply) => {
    const p = request.query;
    const filter = parseAccountFilter(p.filter);
    // Staff browsing tolerates a moment's staleness: a replica that has this session's own writes (db/read-replica.ts).
    const { items, total } = await app.readReplica.read(replicaReaderOf(request), (db) =>
      adminAccountPage(db, filter, { field: p.sortField, order: p.sortOrder }, { limit: p.limit, offset: p.offset }),
    );
    return sendList(reply, 'accounts', items.map(toAdminAccountItem), p.offset, total);
  });

  app.get(
    '/admin/accounts/:id',
    {
      preHandler: anyStaff,
      schema: { tags, summary: 'One account: owner, holders, balance, money on hold, latest 50 transactions', params: accountParams, response: responses({ 200: adminAccountSchema }) },
    },
    async (request) => adminAccountDetail(app, request.params.id),
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.post(
      `/admin/accounts/:id/${action}`,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary:
            action === 'freeze'
              ? 'Freeze an active account with a reason: money still comes in, none leaves; audited, the owner e-mailed'
              : 'Unfreeze a frozen account with a reason; audited, the owner e-mailed',
          params: accountParams,
          body: rejectReasonSchema,
          response: statusChanged,
        },
      },
      async (request) => ({ success: true, ...(await changeAccountStatus(app, request.params.id, action, request.body.reason, actorOf(request))) }),
    );
  }

  // The review queue's 'Business accounts' (accounts.routes.ts adds the queue): approve opens it, reject leaves it unopened.
  app.patch(
    '/admin/accounts/:id/approve',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: { tags, summary: 'Approve a business account application: it opens now (audited, the customer e-mailed)', params: accountParams, response: responses({ 200: decisionResponse }) },
    },
    async (request) => ({ success: true, ...(await decide(app, accountReviewKind, { id: request.params.id, decision: 'approve', actor: actorOf(request) })) }),
  );
  app.patch(
    '/admin/accounts/:id/reject',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Reject a business account application with a reason the customer reads (audited)',
        params: accountParams,
        body: rejectReasonSchema,
        response: responses({ 200: decisionResponse }),
      },
    },
    async (request) => ({
      success: true,
      ...(await decide(app, accountReviewKind, { id: request.params.id, decision: 'reject', reason: request.body.reason, actor: actorOf(request) })),
    }),
  );

  app.get(
    '/admin/customers/:id/accounts',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'The accounts a customer holds: their own (primary first), then the ones shared with them, with their role',
        params: idParamsFor('Customer not found'),
        response: responses({ 200: Object.assign(okResponse({ accounts: { type: 'array', items: customerAccountSchema } }), { required: ['success', 'accounts'] }) }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const held = await heldAccounts(app.db, id);
      if (held.length === 0) {
        // Every customer has a primary account (0062), so none held means no such customer.
        throw notFound('Customer not found');
      }
      const owners = await accountOwnerNames(app.db, [...new Set(held.map((a) => a.customer_id))]);
      return { success: true, accounts: held.map((a) => toCustomerAccount(a, owners.get(a.customer_id) ?? '')) };
    },
  );
}
