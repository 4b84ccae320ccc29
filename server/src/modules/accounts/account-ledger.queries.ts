import { rows, type Queryable } from '../../common/sql';
import type { AccountStatus } from './accounts.queries';

/** The ledger account a record's account (cards, loans, cheques: `account_id`) books on, and whose it is. */
export interface AccountLedgerRow {
  /** ledger_accounts.id, as text (the ledger's ids are bigint). */
  ledger_account_id: string;
  /** The account's owner: the ledger account's owner, so the customer_id of every transaction row booked on it. */
  customer_id: string;
  currency: string;
  status: AccountStatus;
  /** The ledger balance, minor units as text. */
  balance_minor: string;
}

/**
 * The ledger account of an account (docs/decisions/0062-accounts.md): where money a record on that account moves
 * is posted, instead of the customer's account in a currency. One probe of each primary key.
 */
export async function ledgerAccountOf(db: Queryable, accountId: string): Promise<AccountLedgerRow> {
  const [row] = await rows<AccountLedgerRow>(
    db,
    `SELECT a.ledger_account_id::text AS ledger_account_id, a.customer_id, a.currency, a.status, l.balance_minor::text AS balance_minor
       FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id WHERE a.id = $1`,
    [accountId],
  );
  // Records name their account by a foreign key and accounts are never deleted: a miss is a bug, not a refusal.
  if (!row) throw new Error(`account ${accountId} not found`);
  return row;
}
