import { rows, type Queryable } from '../../common/sql';
import { WITHDRAWAL_CONDITION } from '../../db/migrations/1760002700000-withdrawals-index.migration';

/**
 * A customer's account in `currency` and its balance as booked (minor units, as text): an early refusal before a PIN is
 * judged; post_journals judges funds again under its lock.
 */
export async function accountBalance(db: Queryable, customerId: string, currency: string): Promise<{ id: string; balance_minor: string }> {
  const [account] = await rows<{ id: string; balance_minor: string }>(
    db,
    `SELECT a.id, a.balance_minor FROM ledger_accounts a WHERE a.customer_id = $1 AND a.currency = $2 AND NOT a.secondary_account`,
    [customerId, currency],
  );
  return account;
}

/** Books a batch of journals (ledger.service.ts callPostJournals): the database's post_journals does the work. */
export const POST_JOURNALS_SQL = `SELECT post_journals($1::jsonb) AS r`;

/** An internal account's id by its code (`<account>:<currency>`). */
export async function accountIdByCode(db: Queryable, code: string): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(db, `SELECT id FROM ledger_accounts WHERE code = $1`, [code]);
  return row === undefined ? undefined : String(row.id);
}

export async function insertInternalAccount(db: Queryable, code: string, currency: string): Promise<void> {
  await db.query(`INSERT INTO ledger_accounts (code, kind, currency) VALUES ($1, 'internal', $2) ON CONFLICT (code) DO NOTHING`, [code, currency]);
}

export async function insertCustomerAccount(db: Queryable, customerId: string, currency: string): Promise<void> {
  await db.query(
    `INSERT INTO ledger_accounts (customer_id, kind, currency) VALUES ($1, 'customer', $2) ON CONFLICT (customer_id, currency) WHERE customer_id IS NOT NULL AND NOT secondary_account DO NOTHING`,
    [customerId, currency],
  );
}

/** The customer's primary account in `currency` (or their crypto holding), if they have one; never a further account. */
export async function customerAccountIdIn(db: Queryable, customerId: string, currency: string): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(db, `SELECT id FROM ledger_accounts WHERE customer_id = $1 AND currency = $2 AND NOT secondary_account`, [customerId, currency]);
  return row === undefined ? undefined : String(row.id);
}

export interface MainAccount {
  accountId: string;
  balanceMinor: bigint;
  currency: string;
}

export interface AccountSummary extends MainAccount {
  numberOfWithdrawals: number;
}

/** Customers' main accounts: each the one in its customer's currency. */
const MAIN_ACCOUNTS = `FROM ledger_accounts a JOIN customers c ON c.id = a.customer_id AND c.currency = a.currency AND NOT a.secondary_account`;

type MainAccountRow = { id: string; balance_minor: string; currency: string };
const mainAccountOf = (row: MainAccountRow): MainAccount => ({ accountId: String(row.id), balanceMinor: BigInt(row.balance_minor), currency: row.currency });

/** The customer's main account and its balance, without counting their history. */
export async function getMainAccount(m: Queryable, customerId: string): Promise<MainAccount | undefined> {
  const [row] = await rows<MainAccountRow>(m, `SELECT a.id, a.balance_minor, a.currency ${MAIN_ACCOUNTS} WHERE a.customer_id = $1`, [customerId]);
  return row && mainAccountOf(row);
}

/**
 * The main account of each customer in $1 and their withdrawals (successful outbound transfers), each counted from
 * their own partial index without reading the table (docs/performance.md#withdrawals-index).
 */
export const ACCOUNT_SUMMARIES_SQL = `SELECT a.customer_id::text AS customer_id, a.id, a.balance_minor, a.currency,
            (SELECT count(*) FROM transactions t WHERE t.customer_id = a.customer_id AND ${WITHDRAWAL_CONDITION}) AS withdrawals
       ${MAIN_ACCOUNTS} WHERE a.customer_id = ANY($1::uuid[])`;

/** Balance and completed outbound transfers of each customer's main account, by customer id, in one statement. */
export async function getAccountSummaries(m: Queryable, customerIds: string[]): Promise<Map<string, AccountSummary>> {
  const found = await rows<MainAccountRow & { customer_id: string; withdrawals: string }>(m, ACCOUNT_SUMMARIES_SQL, [customerIds]);
  return new Map(found.map((row) => [row.customer_id, Object.assign(mainAccountOf(row), { numberOfWithdrawals: Number(row.withdrawals) })]));
}

/** Balance and completed outbound transfers of the customer's main account (the one in their currency). */
export async function getAccountSummary(m: Queryable, customerId: string): Promise<AccountSummary | undefined> {
  return (await getAccountSummaries(m, [customerId])).get(customerId);
}
