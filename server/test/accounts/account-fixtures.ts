import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parseAmountToMinor } from '@strongroom/shared';
import { internalAccountId, newReference, postJournal } from '../../src/modules/ledger';
import { withTransaction } from '../../src/db/transaction';
import type { Session, TestApp } from '../helpers/test-app';
import type { AccountView } from '../../src/modules/accounts/account-views';

/** An account as the customer's routes answer it. */
export type AccountDto = AccountView;

export function openAccountRequest(app: FastifyInstance, session: Session, payload: unknown, key?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/v1/accounts', headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: payload as object });
}

/** Opens an account (fails the test if refused) and returns it as the answer shows it. */
export async function openAccount(app: FastifyInstance, session: Session, payload: Record<string, unknown> = { product: 'savings', currency: 'USD' }): Promise<AccountDto> {
  const res = await openAccountRequest(app, session, payload);
  if (res.statusCode !== 201) throw new Error(`open failed ${res.statusCode}: ${res.body}`);
  return res.json().account as AccountDto;
}

export async function listAccounts(app: FastifyInstance, session: Session): Promise<AccountDto[]> {
  const res = await app.inject({ method: 'GET', url: '/v1/accounts', headers: session.headers });
  if (res.statusCode !== 200) throw new Error(`list failed ${res.statusCode}: ${res.body}`);
  return res.json().items as AccountDto[];
}

export function closeRequest(app: FastifyInstance, session: Pick<Session, 'headers'>, accountId: string, payload: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/v1/accounts/${accountId}/close`, headers: session.headers, payload });
}

export async function primaryOf(app: FastifyInstance, customerId: string): Promise<{ id: string; number: string; ledger_account_id: string }> {
  const [row] = await app.db.query(`SELECT id, number, ledger_account_id::text AS ledger_account_id FROM accounts WHERE customer_id = $1 AND is_primary`, [customerId]);
  return row;
}

/** The account's ledger balance in minor units. */
export async function ledgerBalance(app: FastifyInstance, accountId: string): Promise<bigint> {
  const [row] = await app.db.query(`SELECT l.balance_minor::text AS b FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id WHERE a.id = $1`, [accountId]);
  return BigInt(row.b);
}

/** Money paid into an account from outside the bank (settlement), with the customer's credit row, as a payment in would. */
export async function creditAccount(app: FastifyInstance, accountId: string, amount: string): Promise<void> {
  const [account] = await app.db.query(`SELECT customer_id, ledger_account_id::text AS ledger, currency FROM accounts WHERE id = $1`, [accountId]);
  const amountMinor = parseAmountToMinor(amount, account.currency);
  await withTransaction(app.db, async (m) => {
    const settlement = await internalAccountId(m, 'settlement', account.currency);
    const reference = newReference();
    await postJournal(
      m,
      {
        kind: 'incoming',
        reference,
        description: 'Test payment in',
        postings: [
          { accountId: settlement, amountMinor: -amountMinor, currency: account.currency },
          { accountId: account.ledger, amountMinor, currency: account.currency },
        ],
      },
      {
        entries: [
          {
            reference,
            customerId: account.customer_id,
            accountId: account.ledger,
            type: 'credit',
            kind: 'incoming',
            status: 'success',
            description: 'Test payment in',
            category: 'Deposit',
            amountMinor,
            currency: account.currency,
            channel: 'Bank transfer',
          },
        ],
      },
    );
  });
}

/** A transfer on the account in the given state, as the transfers module leaves one (no money moved by this insert). */
export async function insertTransfer(t: TestApp, customerId: string, accountId: string, status: string, amountMinor = 1000, feeMinor = 0): Promise<string> {
  const id = randomUUID();
  await t.ownerQuery(
    `INSERT INTO transfers (id, customer_id, account_id, kind, status, amount_minor, fee_minor, currency, payment_amount_minor, payment_currency, payee, binding_hash, needs_code, execute_on)
     VALUES ($1, $2, $3, 'transfer_local', $4::text, $5, $6, 'USD', $5, 'USD', '{"recipientName":"Sam Lee"}', repeat('0', 64), false, CASE WHEN $4::text = 'scheduled' THEN current_date + 7 END)`,
    [id, customerId, accountId, status, amountMinor, feeMinor],
  );
  return id;
}

/** An active standing order on the account (its first payment made). */
export async function insertStandingOrder(t: TestApp, customerId: string, accountId: string): Promise<string> {
  const first = await insertTransfer(t, customerId, accountId, 'completed');
  const [row] = await t.ownerQuery(
    `INSERT INTO standing_orders (customer_id, account_id, first_transfer_id, status, frequency, amount_minor, currency, payee, binding_hash, time_zone, first_on, next_on)
     VALUES ($1, $2, $3, 'active', 'monthly', 1000, 'USD', '{"recipientName":"Sam Lee"}', repeat('0', 64), 'UTC', current_date, current_date + 30) RETURNING id`,
    [customerId, accountId, first],
  );
  return row.id as string;
}

/** Makes `holderId` a holder of the account, as an accepted invitation leaves them. */
export async function addHolder(t: TestApp, accountId: string, holderId: string, invitedBy: string, role: 'joint' | 'dependant', dailyLimitMinor: number | null = null): Promise<void> {
  await t.ownerQuery(`INSERT INTO account_holders (account_id, customer_id, role, status, daily_limit_minor, invited_by, responded_at) VALUES ($1, $2, $3, 'active', $4, $5, now())`, [
    accountId,
    holderId,
    role,
    dailyLimitMinor,
    invitedBy,
  ]);
}
