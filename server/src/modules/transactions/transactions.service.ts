import assert from 'node:assert';
import type { DataSource, EntityManager } from 'typeorm';
import { minorToDecimal, type TransactionDto, type TransactionKind, type TransactionStatus, type TransactionType } from '@strongroom/shared';
import { notFound } from '../../common/app-error';
import { pooledRows, rows } from '../../common/sql';
import { isoTimestamp, TIMESTAMPS_AS_TEXT } from '../../common/timestamps';
import { CREDIT_REFERENCE_SUFFIX } from '../ledger/ledger.service';

export interface NewTransaction {
  customerId: string;
  accountId: string;
  type: TransactionType;
  kind: TransactionKind;
  status: TransactionStatus;
  description: string;
  category: string;
  amountMinor: bigint;
  feeMinor?: bigint;
  currency: string;
  recipient?: string | null;
  counterparty?: string | null;
  balanceAfterMinor?: bigint | null;
  channel: string;
  location?: string | null;
  memo?: string | null;
  metadata?: Record<string, unknown>;
  reference?: string;
  /** Only for seeding history; live movements take the database clock. */
  createdAt?: Date;
}

export interface TransactionRow {
  id: string;
  reference: string;
  customer_id: string;
  type: TransactionType;
  kind: TransactionKind;
  status: TransactionStatus;
  description: string;
  category: string;
  amount_minor: string;
  fee_minor: string;
  currency: string;
  recipient: string | null;
  counterparty: string | null;
  balance_after_minor: string | null;
  channel: string;
  location: string | null;
  memo: string | null;
  metadata: Record<string, unknown>;
  status_reason: string | null;
  created_at: Date;
  holder_name?: string;
  holder_account?: string;
}

/** The columns a customer's view of a transaction reads (what toTransactionDto needs; not metadata, not the owner's ids). */
const TRANSACTION_DTO_COLUMN_NAMES = [
  'id',
  'reference',
  'type',
  'kind',
  'status',
  'description',
  'category',
  'amount_minor',
  'fee_minor',
  'currency',
  'recipient',
  'balance_after_minor',
  'channel',
  'location',
  'memo',
  'status_reason',
  'created_at',
] as const satisfies readonly (keyof TransactionRow)[];
export const TRANSACTION_DTO_COLUMNS = TRANSACTION_DTO_COLUMN_NAMES.join(', ');

/** A row toTransactionDto reads: those columns, and the holder's name and account where the detail view joins them. */
export type TransactionDtoRow = Omit<Pick<TransactionRow, (typeof TRANSACTION_DTO_COLUMN_NAMES)[number] | 'holder_name' | 'holder_account'>, 'created_at'> & {
  /** A Date, or PostgreSQL's text where the list read it so (TIMESTAMPS_AS_TEXT). */
  created_at: Date | string;
};

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
export function transactionSearch(q: string, params: unknown[], table = ''): string {
  const column = (name: string) => (table ? `${table}.${name}` : name);
  const term = q.trim();
  params.push(term);
  // The same expression as the index's (migration 1760001800000), or the planner cannot use it.
  const words = `to_tsvector('simple', ${column('description')} || ' ' || coalesce(${column('recipient')}, '')) @@ transaction_search_query($${params.length})`;
  params.push(term.toUpperCase());
  return `(${words} OR ${column('reference')} IN ($${params.length}::text, $${params.length}::text || '${CREDIT_REFERENCE_SUFFIX}'))`;
}

/** The statement a page of the caller's list runs: its text, values and, for a first page without a search, its name. */
export interface TransactionListStatement {
  text: string;
  params: unknown[];
  name?: string;
  /** Matches counted at most: past it the list says "1,000+". */
  cap: number;
}

/** The statement for a page of one customer's list (listTransactions runs it; tests read its plans). */
export function transactionListStatement(customerId: string, query: ListQuery): TransactionListStatement {
  const prepared = !query.q && query.page === 1;
  // The unfiltered first page sees the customer as an InitPlan's value, not as a constant, so every customer's estimate
  // is the same and PostgreSQL keeps the one plan it made (docs/decisions/0039): given the constant, it costed the
  // same index walk for a history longer or shorter than the average below the plan for any customer, and planned
  // that customer's every page anew. A filter may make another index the better walk, so it keeps the constant.
  const opaqueCustomer = prepared && query.type === 'all' && query.status === 'all';
  const where = [opaqueCustomer ? 'customer_id = (SELECT $1::uuid)' : 'customer_id = $1'];
  const params: unknown[] = [customerId];
  if (query.type !== 'all') {
    params.push(query.type);
    where.push(`type = $${params.length}`);
  }
  if (query.status !== 'all') {
    params.push(query.status);
    where.push(`status = $${params.length}`);
  }
  const filters = where.join(' AND ');
  if (query.q) where.push(transactionSearch(query.q, params));
  const clause = where.join(' AND ');
  const offset = (query.page - 1) * query.pageSize;
  // Counting stops COUNT_LOOKAHEAD rows past this page: the first page of a 100,000-row history costs the
  // same as a short one's.
  const cap = offset + COUNT_LOOKAHEAD;
  assert(Number.isSafeInteger(cap) && Number.isSafeInteger(query.pageSize) && Number.isSafeInteger(offset), 'page bounds are whole numbers (validated)');
  const newestFirst = `ORDER BY created_at DESC, id DESC LIMIT ${query.pageSize} OFFSET ${offset}`;
  // The bounds are written in the text: as parameters, PostgreSQL could not cost a plan made once for every bound, kept
  // planning the statement anew each time (~0.3 ms, about as long as running it), and never reused a plan.
  const text = query.q ? searchedPage({ filters, clause, cap, pageSize: query.pageSize, offset }) : unsearchedPage(clause, cap, newestFirst);
  // A first page without a search, what every visit to the dashboard or the list asks for, is prepared once per
  // connection (its text depends only on the filters and the page size) and planned once (above). A search is planned
  // for its own words each time; so are later pages.
  const name = prepared ? `transactions-first-page-${query.type === 'all' ? '' : 't'}${query.status === 'all' ? '' : 's'}-${query.pageSize}` : undefined;
  return { text, params, name, cap };
}

/**
 * The count and the page in one statement (one round trip; the page may be empty, the count is always there). The count
 * walks the customer's newest rows in the list's own index (index-only once vacuumed). Left to itself, the planner
 * scanned the heap from its start for a customer who owns most of the table, reading every other row before theirs:
 * 1.9 ms a count against the page's 0.13 ms.
 */
function unsearchedPage(clause: string, cap: number, newestFirst: string): string {
  return `SELECT page.*, counted.total_count
       FROM (SELECT count(*) AS total_count FROM (SELECT 1 FROM transactions WHERE ${clause} ORDER BY created_at DESC, id DESC LIMIT ${cap + 1}) capped) counted
       LEFT JOIN (SELECT ${TRANSACTION_DTO_COLUMNS} FROM transactions WHERE ${clause} ${newestFirst}) page ON true
      ORDER BY page.created_at DESC, page.id DESC`;
}

/**
 * How many of the customer's newest rows a search matching more than the count's cap tests for its page before it sorts
 * all its matches instead (docs/decisions/0042). Testing a row costs 3-4 µs (its word list is built), so the window
 * costs about 7 ms when none of it matches, and holds a first page of matches as thin as one row in a hundred.
 */
export const SEARCH_WALK_ROWS = 2_000;

interface SearchedPage {
  /** The customer and the list's filters, without the search. */
  filters: string;
  /** Those and the search. */
  clause: string;
  cap: number;
  pageSize: number;
  offset: number;
}

/**
 * A search's matches are found through the word and reference indexes, up to one past the count's cap (docs/decisions/
 * 0040). When they all fit, the page is sorted from them. When more match, the page is looked for among the customer's
 * newest SEARCH_WALK_ROWS rows, newest first, where common matches are met every few rows; if those hold too few, the
 * matches are old, and the page is sorted from all of them (docs/decisions/0042). Asked for the page alone, the planner
 * walked the whole history newest first whenever it guessed a search matched a few per cent of the customer's rows: a
 * search that matched nothing, or only old rows, in a 100,000-row history read every row of it (0.3-0.6 s).
 */
function searchedPage({ filters, clause, cap, pageSize, offset }: SearchedPage): string {
  const wanted = offset + pageSize;
  const newestFirst = `ORDER BY created_at DESC, id DESC`;
  const page = `${newestFirst} LIMIT ${pageSize} OFFSET ${offset}`;
  const overCap = `(SELECT total_count FROM counted) > ${cap}`;
  // In `walked`, the unqualified columns of `clause` are the window's own: the search tests the window's rows, newest
  // first, and stops at the page's last row.
  return `WITH matched AS MATERIALIZED (SELECT ${TRANSACTION_DTO_COLUMNS} FROM transactions WHERE ${clause} LIMIT ${cap + 1}),
            counted AS (SELECT count(*) AS total_count FROM matched),
            walked AS MATERIALIZED (
              SELECT ${TRANSACTION_DTO_COLUMNS}
                FROM (SELECT * FROM transactions WHERE ${filters} ${newestFirst} LIMIT ${SEARCH_WALK_ROWS}) recent
               WHERE ${clause} AND ${overCap} ${newestFirst} LIMIT ${wanted}),
            walk_filled AS (SELECT count(*) >= ${wanted} AS filled FROM walked),
            every_match AS MATERIALIZED (
              SELECT ${TRANSACTION_DTO_COLUMNS} FROM transactions
               WHERE ${clause} AND ${overCap} AND NOT (SELECT filled FROM walk_filled))
     SELECT page.*, counted.total_count
       FROM counted
       LEFT JOIN ((SELECT * FROM matched WHERE NOT ${overCap} ${page})
                  UNION ALL
                  (SELECT * FROM walked WHERE (SELECT filled FROM walk_filled) ${page})
                  UNION ALL
                  (SELECT * FROM every_match ${page})) page ON true
      ORDER BY page.created_at DESC, page.id DESC`;
}

/** The caller's transactions only, newest first, filtered and searched in SQL (indexes do the work). */
export async function listTransactions(db: DataSource, customerId: string, query: ListQuery) {
  const { text, params, name, cap } = transactionListStatement(customerId, query);
  // The page's timestamps come as PostgreSQL's text, only to be written out again (isoTimestamp).
  const found = await pooledRows<TransactionDtoRow & { total_count: string }>(db, text, params, { name, types: TIMESTAMPS_AS_TEXT });
  const counted = Number(found[0].total_count);
  return { items: found.filter((row) => row.id !== null).map(toTransactionDto), total: Math.min(counted, cap), totalCapped: counted > cap };
}

/** By reference, the owner's only: anyone else gets the 404 of a missing record (no IDOR). */
export async function getTransactionForCustomer(m: EntityManager, customerId: string, reference: string) {
  const [row] = await rows<TransactionRow>(
    m,
    `SELECT t.*, concat_ws(' ', c.first_name, c.middle_name, c.last_name) AS holder_name, c.account_number AS holder_account
       FROM transactions t JOIN customers c ON c.id = t.customer_id
      WHERE t.reference = $1 AND t.customer_id = $2`,
    [reference, customerId],
  );
  if (!row) throw notFound('Transaction not found');
  return toTransactionDto(row);
}
