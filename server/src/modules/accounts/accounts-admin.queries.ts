import { totalUpTo } from '../../common/list-paging';
import { rows, type Queryable } from '../../common/sql';
import { TRANSACTION_DTO_COLUMNS, type TransactionDtoRow } from '../ledger';
import type { AccountFilter } from './accounts-admin.schemas';
import type { AccountRow, HolderRole } from './accounts.queries';

/** An account with its owner's name, as the console lists it. */
export interface AdminAccountRow extends AccountRow {
  owner_name: string;
}

/** One account with its owner, as the console's detail shows it. */
export interface AdminAccountDetailRow extends AdminAccountRow {
  owner_account_number: string;
  owner_email: string;
  owner_status: string;
}

/** What the staff list may be sorted by: each an index's order (the primary key, uuid_v7 so by creation; the number). */
export const ACCOUNT_SORTABLE = { id: 'a.id', number: 'a.number' } as const;
export type AccountSortField = keyof typeof ACCOUNT_SORTABLE;

/** The number of the last history rows an account's detail shows. */
export const ACCOUNT_HISTORY_ROWS = 50;
/** The pending payments an account's detail lists (their total is summed whole). */
const HOLDS_LISTED = 20;

const LISTED_COLUMNS = `a.id, a.number, a.customer_id, a.ledger_account_id::text AS ledger_account_id, a.is_primary, a.product, a.currency, a.name,
       a.status, a.status_reason, a.opened_at, a.closed_at, a.created_at, l.balance_minor::text AS balance_minor,
       concat_ws(' ', c.first_name, c.last_name) AS owner_name`;

/**
 * The WHERE of the staff list. Every filter that narrows by itself probes an index: the number (exact, or a prefix
 * as the range of 10-digit numbers it starts, which accounts_account_number_uq answers in any collation since all
 * numbers have ten digits), the owner (accounts_customer), ids (the primary key) or a status other than active, the
 * few that staff look for (accounts_not_active), a product (accounts_by_product) or a currency (accounts_by_currency),
 * each walked in id (time) order. The active status filters the rows those, or the primary key's newest-first walk, give.
 */
function whereOf(filter: AccountFilter, params: unknown[]): string {
  const where: string[] = [];
  if (filter.number !== undefined) {
    if (filter.number.length === 10) where.push(`a.number = $${params.push(filter.number)}`);
    else {
      const pad = 10 - filter.number.length;
      where.push(`a.number BETWEEN $${params.push(filter.number + '0'.repeat(pad))} AND $${params.push(filter.number + '9'.repeat(pad))}`);
    }
  }
  if (filter.customerId !== undefined) where.push(`a.customer_id = $${params.push(filter.customerId)}`);
  if (filter.id !== undefined) where.push(`a.id = ANY($${params.push(filter.id)}::uuid[])`);
  if (filter.product !== undefined) where.push(`a.product = $${params.push(filter.product)}`);
  if (filter.currency !== undefined) where.push(`a.currency = $${params.push(filter.currency)}`);
  if (filter.status !== undefined) where.push(`a.status = $${params.push(filter.status)}`);
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** A page of accounts for staff, and the list's total counted a lookahead past it (totalUpTo). */
export async function adminAccountPage(
  db: Queryable,
  filter: AccountFilter,
  sort: { field: AccountSortField; order: 'ASC' | 'DESC' },
  page: { limit: number; offset: number },
): Promise<{ items: AdminAccountRow[]; total: number | undefined }> {
  const params: unknown[] = [];
  const where = whereOf(filter, params);
  const order = `${ACCOUNT_SORTABLE[sort.field]} ${sort.order === 'ASC' ? 'ASC' : 'DESC'}`;
  const items = await rows<AdminAccountRow>(
    db,
    `SELECT ${LISTED_COLUMNS}
       FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id JOIN customers c ON c.id = a.customer_id
       ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  const total = await totalUpTo(db, `SELECT 1 FROM accounts a ${where}`, params, page.offset);
  return { items, total };
}

/** One account with its owner, or undefined. */
export async function adminAccount(db: Queryable, accountId: string): Promise<AdminAccountDetailRow | undefined> {
  const [row] = await rows<AdminAccountDetailRow>(
    db,
    `SELECT ${LISTED_COLUMNS}, c.account_number AS owner_account_number, c.email AS owner_email, c.status AS owner_status
       FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id JOIN customers c ON c.id = a.customer_id
      WHERE a.id = $1`,
    [accountId],
  );
  return row;
}

export interface AccountHolderRow {
  id: string;
  customer_id: string;
  name: string;
  account_number: string;
  role: Exclude<HolderRole, 'owner'>;
  status: 'invited' | 'active';
  daily_limit_minor: string | null;
  spent_today_minor: string | null;
  created_at: Date;
}

/** The account's current holders (invited or active: account_holders_current), oldest first. */
export function currentHolders(db: Queryable, accountId: string): Promise<AccountHolderRow[]> {
  return rows<AccountHolderRow>(
    db,
    `SELECT h.id, h.customer_id, concat_ws(' ', c.first_name, c.last_name) AS name, c.account_number, h.role, h.status,
            h.daily_limit_minor::text AS daily_limit_minor,
            CASE WHEN h.role = 'dependant' THEN (CASE WHEN h.spent_day = current_date THEN h.spent_minor ELSE 0 END)::text END AS spent_today_minor,
            h.created_at
       FROM account_holders h JOIN customers c ON c.id = h.customer_id
      WHERE h.account_id = $1 AND h.status IN ('invited','active')
      ORDER BY h.created_at, h.id`,
    [accountId],
  );
}

export interface HoldRow {
  id: string;
  kind: string;
  currency: string;
  held_minor: string;
  created_at: Date;
  /** Of every pending payment of the account, not only the listed ones. */
  total_minor: string;
}

/**
 * The account's payments debited and waiting for settlement (transfers pending on it: transfers_account), newest
 * first, each with the sum over all of them.
 */
export function pendingHolds(db: Queryable, accountId: string): Promise<HoldRow[]> {
  return rows<HoldRow>(
    db,
    `SELECT t.id, t.kind, t.currency, (t.amount_minor + t.fee_minor)::text AS held_minor, t.created_at,
            (sum(t.amount_minor + t.fee_minor) OVER ())::text AS total_minor
       FROM transfers t WHERE t.account_id = $1 AND t.status = 'pending'
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${HOLDS_LISTED}`,
    [accountId],
  );
}

/**
 * The account's latest history: rows on its ledger account (transactions.account_id is the ledger account's id),
 * found through its owner's newest-first index (a transaction's customer is its ledger account's owner).
 */
export function latestTransactions(db: Queryable, ownerId: string, ledgerAccountId: string): Promise<TransactionDtoRow[]> {
  return rows<TransactionDtoRow>(
    db,
    `SELECT ${TRANSACTION_DTO_COLUMNS} FROM transactions WHERE customer_id = $1 AND account_id = $2::bigint
      ORDER BY created_at DESC, id DESC LIMIT ${ACCOUNT_HISTORY_ROWS}`,
    [ownerId, ledgerAccountId],
  );
}

/** The owner's name and address for a notice. */
export async function accountOwnerContact(db: Queryable, customerId: string): Promise<{ first_name: string; email: string } | undefined> {
  const [row] = await rows<{ first_name: string; email: string }>(db, `SELECT first_name, email FROM customers WHERE id = $1`, [customerId]);
  return row;
}

/** Owners' names by customer id (the accounts shared with a customer name their owners). */
export async function accountOwnerNames(db: Queryable, customerIds: string[]): Promise<Map<string, string>> {
  const found = await rows<{ id: string; name: string }>(db, `SELECT id, concat_ws(' ', first_name, last_name) AS name FROM customers WHERE id = ANY($1::uuid[])`, [customerIds]);
  return new Map(found.map((row) => [row.id, row.name]));
}
