import { randomUUID } from 'node:crypto';
import { withTransaction } from '../../src/db/transaction';
import { openFurtherAccount, type AccountProduct } from '../../src/modules/accounts';
import type { TestApp } from '../helpers/test-app';

/** An account as the tests use it: its id, number and ledger account. */
export interface TestAccount {
  id: string;
  number: string;
  ledgerAccountId: string;
}

const ACCOUNT_SQL = `SELECT id, number, ledger_account_id::text AS "ledgerAccountId" FROM accounts`;

export async function primaryAccountOf(t: TestApp, customerId: string): Promise<TestAccount> {
  const [row] = await t.app.db.query(`${ACCOUNT_SQL} WHERE customer_id = $1 AND is_primary`, [customerId]);
  return row as TestAccount;
}

/** A further account of the customer's, opened at once (as POST /v1/accounts opens a checking or savings account). */
export async function openSecondAccount(t: TestApp, customerId: string, currency = 'USD', product: AccountProduct = 'savings'): Promise<TestAccount> {
  const id = await withTransaction(t.app.db, (m) => openFurtherAccount(m, { customerId, product, currency, name: `Pot ${currency}`, status: 'active' }));
  const [row] = await t.app.db.query(`${ACCOUNT_SQL} WHERE id = $1`, [id]);
  return row as TestAccount;
}

/** Makes `customerId` an active dependant of the account, with a daily limit in minor units. */
export async function addDependant(t: TestApp, accountId: string, customerId: string, ownerId: string, dailyLimitMinor: bigint): Promise<string> {
  const [row] = await t.app.db.query(
    `INSERT INTO account_holders (account_id, customer_id, role, status, daily_limit_minor, invited_by, responded_at)
     VALUES ($1, $2, 'dependant', 'active', $3, $4, now()) RETURNING id`,
    [accountId, customerId, dailyLimitMinor.toString(), ownerId],
  );
  return row.id as string;
}

export async function ledgerBalance(t: TestApp, ledgerAccountId: string): Promise<string> {
  const [row] = await t.app.db.query(`SELECT balance_minor::text AS balance FROM ledger_accounts WHERE id = $1`, [ledgerAccountId]);
  return row.balance as string;
}

export async function setAccountStatus(t: TestApp, accountId: string, status: 'active' | 'frozen' | 'closed'): Promise<void> {
  await t.app.db.query(`UPDATE accounts SET status = $2::text, closed_at = CASE WHEN $2::text = 'closed' THEN now() END WHERE id = $1`, [accountId, status]);
}

/** Headers of a money POST with a fresh Idempotency-Key (or the one given). */
export const keyed = (headers: Record<string, string>, key: string = randomUUID()) => ({ ...headers, 'idempotency-key': key });
