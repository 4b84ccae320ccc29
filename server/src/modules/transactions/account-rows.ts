import type { Queryable } from '../../common/sql';
import { resolveAccount } from '../accounts';

// Apart from transactions.service.ts: the accounts module reaches this one (its staff views show transactions), so
// what loads first of the two must not need the other while it loads.

/**
 * Whose rows a customer's read covers (docs/decisions/0062-accounts.md): their own, when they name no account, as
 * always; or, for an account they may view (theirs or one they hold), its owner's rows on its ledger account. Rows
 * carry the ledger account's owner, so `customer_id = owner AND account_id = ledger account` is still a walk of
 * transactions_customer_created_idx, its account tested on the rows it meets.
 */
export interface RowsOf {
  customerId: string;
  ledgerAccountId?: string;
}

export async function rowsOf(db: Queryable, customerId: string, accountId: string | undefined): Promise<RowsOf> {
  if (!accountId) return { customerId };
  const account = await resolveAccount(db, customerId, accountId, 'view');
  return { customerId: account.customer_id, ledgerAccountId: account.ledger_account_id };
}
