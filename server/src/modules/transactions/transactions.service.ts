import type { DataSource, EntityManager } from 'typeorm';
import { minorToDecimal, type TransactionDto } from '@strongroom/shared';
import { notFound } from '../../common/app-error';
import { pooledRows, rows, type Queryable } from '../../common/sql';
import { isoTimestamp, TIMESTAMPS_AS_TEXT } from '../../common/timestamps';
import { type ListOrder, listPageStatement, NEWEST_FIRST, orderBy } from './list-statements.queries';
import { STAFF_ORDER_CONDITION } from '../../db/migrations/1760002600000-transactions-newest-first.migration';
import { LIST_COUNT_LOOKAHEAD } from '../../common/list-paging';
import { CREDIT_REFERENCE_SUFFIX, TRANSACTION_DTO_COLUMNS, type TransactionDtoRow } from '../ledger';
import { firstApprover, timeline } from '../review';
import { transactionOfCustomer, transactionWithHolder, withHolders } from './transactions.queries';

export function toTransactionDto(r: TransactionDtoRow): TransactionDto {
  return {
    id: r.id,
    reference: r.reference,
    type: r.type,
    kind: r.kind,
    status: r.status,
    description: r.description,
    category: r.category,
    amount: minorToDecimal(r.amount_minor, r.currency),
    currency: r.currency,
    fees: minorToDecimal(r.fee_minor, r.currency),
    recipient: r.recipient,
    balanceAfter: r.balance_after_minor === null ? null : minorToDecimal(r.balance_after_minor, r.currency),
    channel: r.channel,
    location: r.location,
    memo: r.memo,
    createdAt: isoTimestamp(r.created_at),
    ...(r.holder_name ? { accountHolder: { name: r.holder_name, accountNumber: r.holder_account ?? '' } } : {}),
    ...(r.status_reason ? { statusReason: r.status_reason } : {}),
  } as TransactionDto;
}

/**
 * The list counts at most this many matches beyond the current page and then says "1,000+": counting a
 * 100,000-row history on every page would cost more than the page itself. Paging on raises the bound.
 */
export const COUNT_LOOKAHEAD = 1_000;

export interface ListQuery {
  page: number;
  pageSize: number;
  type: string;
  status: string;
  q?: string;
}

/**
 * The search condition for `q`, its values appended to `params`: every word typed begins a word of the description or
 * recipient (any case), answered by the word index transactions_search_idx through transaction_search_query
 * (docs/decisions/0021-search-by-words.md); or a whole reference in any case, answered by its unique index, with the
 * credit a same-bank transfer books beside it (creditReferenceOf; docs/decisions/0018-reference-search.md). What is
 * typed reaches the database as a value only: the function quotes each word, so no character is an operator.
 */
export function transactionSearch(q: string, params: unknown[]): string {
  const term = q.trim();
  params.push(term);
  // The same expression as the index's (migration 1760001800000), or the planner cannot use it. The columns are
  // unqualified: list-statements.queries.ts tests them on a window of rows as well as on the table.
  const words = `to_tsvector('simple', description || ' ' || coalesce(recipient, '')) @@ transaction_search_query($${params.length})`;
  params.push(term.toUpperCase());
  return `(${words} OR reference IN ($${params.length}::text, $${params.length}::text || '${CREDIT_REFERENCE_SUFFIX}'))`;
}

/** The statement a page of the caller's list runs: its text, values and, for a first page without a search, its name. */
export interface TransactionListStatement {
  text: string;
  params: unknown[];
  name?: string;
  /** Matches counted at most: past it the list says "1,000+". */
  cap: number;
}

/**
 * The statement for a page of one customer's list (listTransactions runs it; tests read its plans). Without an
 * account its text is what it always was: the bench's first page is the same prepared statement.
 */
export function transactionListStatement(customerId: string, query: ListQuery, ledgerAccountId?: string): TransactionListStatement {
  const prepared = !query.q && query.page === 1;
  // The unfiltered first page sees the customer as an InitPlan's value, not as a constant, so every customer's estimate
  // is the same and PostgreSQL keeps the one plan it made (docs/performance.md#first-page-planned-once): given the constant, it costed the
  // same index walk for a history longer or shorter than the average below the plan for any customer, and planned
  // that customer's every page anew. A filter may make another index the better walk, so it keeps the constant.
  // An account is a filter like the others: the owner's constant, the account tested on the rows of their index.
  const opaqueCustomer = prepared && query.type === 'all' && query.status === 'all' && ledgerAccountId === undefined;
  const where = [opaqueCustomer ? 'customer_id = (SELECT $1::uuid)' : 'customer_id = $1'];
  const params: unknown[] = [customerId];
  if (ledgerAccountId !== undefined) {
    params.push(ledgerAccountId);
    where.push(`account_id = $${params.length}::bigint`);
  }
  if (query.type !== 'all') {
    params.push(query.type);
    where.push(`type = $${params.length}`);
  }
  if (query.status !== 'all') {
    params.push(query.status);
    where.push(`status = $${params.length}`);
  }
  const offset = (query.page - 1) * query.pageSize;
  // Counting stops COUNT_LOOKAHEAD rows past this page: the first page of a 100,000-row history costs the
  // same as a short one's.
  const cap = offset + COUNT_LOOKAHEAD;
  const text = listPageStatement({
    filters: where.join(' AND '),
    search: query.q ? transactionSearch(query.q, params) : undefined,
    columns: TRANSACTION_DTO_COLUMNS,
    order: NEWEST_FIRST,
    cap,
    pageSize: query.pageSize,
    offset,
  });
  // A first page without a search, what every visit to the dashboard or the list asks for, is prepared once per
  // connection (its text depends only on the filters and the page size) and planned once (above). A search is planned
  // for its own words each time; so are later pages.
  const name = prepared ? `transactions-first-page-${ledgerAccountId === undefined ? '' : 'a'}${query.type === 'all' ? '' : 't'}${query.status === 'all' ? '' : 's'}-${query.pageSize}` : undefined;
  return { text, params, name, cap };
}

/** The caller's transactions only (or one account's: rowsOf), newest first, filtered and searched in SQL (indexes do the work). */
export async function listTransactions(db: DataSource, customerId: string, query: ListQuery, ledgerAccountId?: string) {
  const { text, params, name, cap } = transactionListStatement(customerId, query, ledgerAccountId);
  // The page's timestamps come as PostgreSQL's text, only to be written out again (isoTimestamp).
  const found = await pooledRows<TransactionDtoRow & { total_count: string }>(db, text, params, { name, types: TIMESTAMPS_AS_TEXT });
  const counted = Number(found[0].total_count);
  return { items: found.filter((row) => row.id !== null).map(toTransactionDto), total: Math.min(counted, cap), totalCapped: counted > cap };
}

/** The staff console's list: any customer's transactions, filtered, searched and sorted. */
export interface StaffListQuery {
  status?: string;
  customerId?: string;
  q?: string;
  order: ListOrder;
  offset: number;
  limit: number;
}

/** The statement for a page of the staff console's list (listTransactionsForStaff runs it; tests read its plans). */
export function staffTransactionListStatement(query: StaffListQuery): { text: string; params: unknown[]; cap: number } {
  // Every customer's rows are walked newest first through the index that only this list may use; one customer's, through
  // theirs (migration 1760002600000).
  const where = [query.customerId ? 'true' : STAFF_ORDER_CONDITION];
  const params: unknown[] = [];
  if (query.status) {
    params.push(query.status);
    where.push(`status = $${params.length}`);
  }
  if (query.customerId) {
    params.push(query.customerId);
    where.push(`customer_id = $${params.length}`);
  }
  const cap = query.offset + LIST_COUNT_LOOKAHEAD;
  const page = listPageStatement({
    filters: where.join(' AND '),
    search: query.q ? transactionSearch(query.q, params) : undefined,
    columns: `${TRANSACTION_DTO_COLUMNS}, customer_id`,
    order: query.order,
    cap,
    pageSize: query.limit,
    offset: query.offset,
  });
  return { text: withHolders(page, orderBy(query.order, 'listed.')), params, cap };
}

/**
 * Every customer's transactions for the staff console. The page is found in `transactions` alone, by the customer
 * list's statements (list-statements.queries.ts), and only its rows are joined to their customers: joined first, a table of two
 * million rows was joined and sorted whole for 25 of them (1.2 s). The count stops LIST_COUNT_LOOKAHEAD past the page, as
 * every staff list's that grows with payments does; past that the total is left unknown and the console pages on
 * without it (docs/performance.md#staff-list-at-scale).
 */
export async function listTransactionsForStaff(db: Queryable, query: StaffListQuery): Promise<{ items: (TransactionDto & { customerId: string })[]; total?: number }> {
  const { text, params, cap } = staffTransactionListStatement(query);
  const found = await rows<TransactionDtoRow & { customer_id: string; total_count: string }>(db, text, params);
  const counted = Number(found[0].total_count);
  const items = found.filter((row) => row.id !== null).map((row) => Object.assign(toTransactionDto(row), { customerId: row.customer_id }));
  return { items, total: counted > cap ? undefined : counted };
}

/** By reference, the owner's only: anyone else gets the 404 of a missing record (no IDOR). */
export async function getTransactionForCustomer(m: EntityManager, customerId: string, reference: string) {
  const row = await transactionOfCustomer(m, customerId, reference);
  if (!row) throw notFound('Transaction not found');
  return toTransactionDto(row);
}

/** One transaction as staff see it: the holder, the reason and metadata, its status history and first approval. */
export async function transactionForStaff(db: DataSource, id: string) {
  const row = await transactionWithHolder(db, id);
  if (!row) throw notFound('Transaction not found');
  const [history, firstApproval] = await Promise.all([timeline(db, 'transaction', row.id), firstApprover(db, 'transaction', row.id)]);
  return Object.assign(toTransactionDto(row), { customerId: row.customer_id, statusReason: row.status_reason, metadata: row.metadata, timeline: history, firstApproval });
}
