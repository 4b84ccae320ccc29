import type { RouteInstance } from '../../common/type-provider';
import { DATA_RETENTION_YEARS, closeAccountSchema, openAccountSchema, renameAccountSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { withTransaction } from '../../db/transaction';
import { customerKeyScope } from '../../plugins/idempotency.plugin';
import { accountDetail, accountViews, toAccountView } from './account-views';
import { closeAccount } from './account-closing.service';
import { openAccount } from './account-opening.service';
import { PENDING_ACCOUNTS_SQL, renameAccount } from './account-views.queries';
import { heldAccount } from './accounts.queries';
import { accountNotFound, resolveAccount } from './accounts.service';
import { accountDetailSchema, accountSchema } from './accounts.schemas';

const tags = ['accounts'];
// A malformed id is answered like an account the caller does not hold: the same 404 and message.
const accountIdParams = idParamsFor('Account not found');

/**
 * The caller's accounts (docs/decisions/0062-accounts.md): list, open, one account with its payment details and
 * holders, rename, close. Every account-scoped route asks `resolveAccount` what the caller's role allows; an account
 * the caller does not hold is "not found", never "forbidden".
 */
export default async function accountsRoutes(app: RouteInstance) {
  app.reviewQueues.add({ resource: 'accounts', label: 'Business accounts', pendingCountSql: PENDING_ACCOUNTS_SQL });

  app.get(
    '/accounts',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: "The caller's accounts, their own first (primary first), then the ones shared with them; closed ones stay listed as closed",
        response: responses({ 200: okResponse({ items: { type: 'array', items: accountSchema } }) }),
      },
    },
    async (request) => ({ success: true, items: await accountViews(app.db, request.customer!.id) }),
  );

  app.post(
    '/accounts',
    {
      preHandler: app.requireApprovedCustomer,
      schema: {
        tags,
        summary: 'Open a further account: a current or savings account opens at once, a business account waits for staff review; honours Idempotency-Key',
        body: openAccountSchema,
        response: responses({ 201: okResponse({ account: accountSchema }) }),
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.id;
      const input = request.body;
      const result = await app.idempotency.run(request, customerKeyScope(customerId), async (m) => {
        const account = await openAccount(app, m, customerId, input, actorOf(request));
        const message =
          account.status === 'active'
            ? `Your new account is open. Its number is ${account.number}; we have also sent it by e-mail.`
            : 'Thank you: we will review your business account application and let you know by e-mail.';
        return { status: 201, body: { success: true, message, account } };
      });
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/accounts/:id',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'One account the caller holds: balances, the details to give a payer, and its holders',
        params: accountIdParams,
        response: responses({ 200: okResponse({ account: accountDetailSchema }) }),
      },
    },
    async (request) => {
      const account = await resolveAccount(app.db, request.customer!.id, request.params.id, 'view');
      return { success: true, account: await accountDetail(app.db, account) };
    },
  );

  app.patch(
    '/accounts/:id',
    {
      preHandler: app.requireApprovedCustomer,
      schema: {
        tags,
        summary: 'Rename an account (its owner or a joint holder): 1 to 40 characters, spaces around it cut off',
        params: accountIdParams,
        body: renameAccountSchema,
        response: responses({ 200: okResponse({ account: accountSchema }) }),
      },
    },
    async (request) => {
      const customerId = request.customer!.id;
      const { id } = request.params;
      const account = await withTransaction(app.db, async (m) => {
        await resolveAccount(m, customerId, id, 'manage', true);
        await renameAccount(m, id, request.body.name.trim());
        return heldAccount(m, customerId, id);
      });
      if (!account) throw accountNotFound();
      return { success: true, message: 'Account renamed', account: toAccountView(account, 0n) };
    },
  );

  app.post(
    '/accounts/:id/close',
    {
      preHandler: app.requireApprovedCustomer,
      schema: {
        tags,
        summary:
          "Close an account (its owner or a joint holder), moving its balance to another of the caller's accounts in the same currency (sweepToAccountId). Refused while payments, scheduled transfers, standing orders, cards or loans hang on it. The primary account closes last and closing it ends the relationship with the bank; honours Idempotency-Key",
        params: accountIdParams,
        body: closeAccountSchema,
        response: responses({ 200: okResponse({ account: accountSchema, leftBank: { type: 'boolean' } }) }),
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.id;
      const { id } = request.params;
      const { sweepToAccountId } = request.body;
      const result = await app.idempotency.run(request, customerKeyScope(customerId), async (m) => {
        const closed = await closeAccount(app, m, customerId, id, sweepToAccountId, actorOf(request));
        const message = closed.leftBank
          ? `Your account is closed and your relationship with Strongroom has ended; you are now signed out. The law requires us to keep your data for ${DATA_RETENTION_YEARS} years; we have sent you an e-mail about it.`
          : 'Account closed';
        return { status: 200, body: { success: true, message, ...closed } };
      });
      // Leaving the bank: every session of the customer ends once the closing is committed, before the answer; no new
      // one can start (sign-in refuses a closed customer: modules/auth/sign-in.ts).
      if (result.status === 200 && result.body.leftBank) await app.sessions.revokeAllFor('customer', customerId);
      return reply.status(result.status).send(result.body);
    },
  );
}
