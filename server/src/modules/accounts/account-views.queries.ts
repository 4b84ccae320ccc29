import { rows, type Queryable } from '../../common/sql';
import type { AccountStatus } from './accounts.queries';

/**
 * SQL: money held for each account's payments waiting for staff (transfers 'pending'): their hold moved amount and
 * fee off the account into the holding account (modules/transfers/scheduled-transfers.ts, holdFunds), so the ledger
 * balance already leaves them out, and the account's balance counts them back in.
 */
export async function heldForPendingTransfers(db: Queryable, accountIds: string[]): Promise<Map<string, bigint>> {
  const held = new Map<string, bigint>();
  if (accountIds.length === 0) return held;
  const found = await rows<{ account_id: string; held_minor: string }>(
    db,
    `SELECT account_id, sum(amount_minor + fee_minor)::text AS held_minor FROM transfers WHERE account_id = ANY($1::uuid[]) AND status = 'pending' GROUP BY account_id`,
    [accountIds],
  );
  for (const row of found) held.set(row.account_id, BigInt(row.held_minor));
  return held;
}

/**
 * Locks the customer's row while they open an account: two openings at once cannot both pass the count of open
 * accounts. Answers their status and freeze.
 */
export async function lockCustomerForOpening(db: Queryable, customerId: string): Promise<{ status: string; frozen_at: Date | null; first_name: string; email: string } | undefined> {
  const [row] = await rows<{ status: string; frozen_at: Date | null; first_name: string; email: string }>(db, `SELECT status, frozen_at, first_name, email FROM customers WHERE id = $1 FOR UPDATE`, [
    customerId,
  ]);
  return row;
}

/** Accounts the customer owns that are not closed or rejected (waiting ones count: they may yet open). */
export async function openAccountCount(db: Queryable, customerId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM accounts WHERE customer_id = $1 AND status NOT IN ('closed','rejected')`, [customerId]);
  return row.n;
}

export async function renameAccount(db: Queryable, accountId: string, name: string): Promise<void> {
  await db.query(`UPDATE accounts SET name = $2, updated_at = now() WHERE id = $1`, [accountId, name]);
}

/** Writes a status and its reason; `active` sets the opening time, `closed` the closing time. */
export async function setAccountStatus(db: Queryable, accountId: string, status: AccountStatus, reason: string | null): Promise<void> {
  await db.query(
    `WITH changed AS (
       UPDATE accounts SET status = $2::varchar, status_reason = $3,
              opened_at = CASE WHEN $2::varchar = 'active' THEN coalesce(opened_at, now()) ELSE opened_at END,
              closed_at = CASE WHEN $2::varchar = 'closed' THEN now() ELSE closed_at END, updated_at = now()
        WHERE id = $1 RETURNING ledger_account_id, status)
     -- A closed account's ledger account takes no more postings, and a frozen one's pays nothing out (post_journals
     -- refuses them: SRB06, SRB07).
     UPDATE ledger_accounts l SET closed = changed.status = 'closed', frozen = changed.status = 'frozen' FROM changed WHERE l.id = changed.ledger_account_id`,
    [accountId, status, reason],
  );
}

/** SQL: accounts waiting for a staff decision (the review queue's count). */
export const PENDING_ACCOUNTS_SQL = `SELECT count(*) FROM accounts WHERE status IN ('pending','awaiting_second_approval')`;

/** Name and address of a customer, for the mail about their account. */
export async function customerContact(db: Queryable, customerId: string): Promise<{ email: string; first_name: string; last_name: string }> {
  const [row] = await rows<{ email: string; first_name: string; last_name: string }>(db, `SELECT email, first_name, last_name FROM customers WHERE id = $1`, [customerId]);
  return row;
}
