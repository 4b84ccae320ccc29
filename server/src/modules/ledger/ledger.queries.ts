import { rows, type Queryable } from '../../common/sql';

/**
 * A customer's account in `currency` and its balance as booked (minor units, as text): an early refusal before a PIN is
 * judged; post_journals judges funds again under its lock.
 */
export async function accountBalance(db: Queryable, customerId: string, currency: string): Promise<{ id: string; balance_minor: string }> {
  const [account] = await rows<{ id: string; balance_minor: string }>(db, `SELECT a.id, a.balance_minor FROM ledger_accounts a WHERE a.customer_id = $1 AND a.currency = $2`, [customerId, currency]);
  return account;
}
