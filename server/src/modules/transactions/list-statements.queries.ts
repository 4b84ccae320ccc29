import assert from 'node:assert';

/**
 * How many of a list's first rows (in its order) a search matching more than the count's cap tests for its page before
 * it sorts all its matches instead (docs/performance.md#search-pages). Testing a row costs 3-4 µs (its word list is built), so the
 * window costs about 7 ms when none of it matches, and holds a first page of matches as thin as one row in a hundred.
 */
export const SEARCH_WALK_ROWS = 2_000;

/** A list's order: one column, then the id the same way, so that the order is total and pages never overlap. */
export interface ListOrder {
  column: 'created_at' | 'amount_minor' | 'status';
  direction: 'ASC' | 'DESC';
}

export const NEWEST_FIRST: ListOrder = { column: 'created_at', direction: 'DESC' };

/** One page of a list of transactions, with its count, as one statement's text (the values are the caller's). */
export interface ListPage {
  /** The list's conditions without the search (`true` for none). */
  filters: string;
  /** The search's condition (transactionSearch), if any. */
  search?: string;
  /** The columns each row gives. */
  columns: string;
  order: ListOrder;
  /** Matches counted at most: the statement counts one more to tell that more match. */
  cap: number;
  pageSize: number;
  offset: number;
}

export const orderBy = ({ column, direction }: ListOrder, table = '') => `ORDER BY ${table}${column} ${direction}, ${table}id ${direction}`;

/**
 * The page and the count in one statement: its rows are the page's, each with `total_count`, or one row of nulls with
 * the count when the page is empty. The bounds are written in the text: as parameters, PostgreSQL could not cost a plan
 * made once for every bound, kept planning the statement anew each time (~0.3 ms, about as long as running it), and
 * never reused a plan.
 */
export function listPageStatement(page: ListPage): string {
  assert(Number.isSafeInteger(page.cap) && Number.isSafeInteger(page.pageSize) && Number.isSafeInteger(page.offset), 'page bounds are whole numbers (validated)');
  return page.search ? searchedPage(page, page.search) : unsearchedPage(page);
}

/**
 * The count walks the newest rows in an index on `created_at` (index-only once vacuumed), whatever the page's order:
 * the order only steers the planner. Left to itself, it scanned the heap from its start for a customer who owns most of
 * the table, reading every other row before theirs: 1.9 ms a count against the page's 0.13 ms.
 */
function unsearchedPage({ filters, columns, order, cap, pageSize, offset }: ListPage): string {
  return `SELECT page.*, counted.total_count
       FROM (SELECT count(*) AS total_count FROM (SELECT 1 FROM transactions WHERE ${filters} ${orderBy(NEWEST_FIRST)} LIMIT ${cap + 1}) capped) counted
       LEFT JOIN (SELECT ${columns} FROM transactions WHERE ${filters} ${orderBy(order)} LIMIT ${pageSize} OFFSET ${offset}) page ON true
      ${orderBy(order, 'page.')}`;
}

/**
 * A search's matches are found through the word and reference indexes, up to one past the count's cap
 * (docs/performance.md#search-pages). When they all fit, the page is sorted from them. When more match, the page is looked for among the list's
 * first SEARCH_WALK_ROWS rows in its order, where common matches are met every few rows; if those hold too few, the
 * matches are old (or thin), and the page is sorted from all of them. Asked for the page alone,
 * the planner walked the whole history newest first whenever it guessed a search matched a few per cent of the
 * customer's rows: a search that matched nothing, or only old rows, in a 100,000-row history read every row of it
 * (0.3-0.6 s).
 */
function searchedPage({ filters, columns, order, cap, pageSize, offset }: ListPage, search: string): string {
  const wanted = offset + pageSize;
  const clause = `${filters} AND ${search}`;
  const page = `${orderBy(order)} LIMIT ${pageSize} OFFSET ${offset}`;
  const overCap = `(SELECT total_count FROM counted) > ${cap}`;
  // In `walked`, the unqualified columns of the search are the window's own: it tests the window's rows in the list's
  // order, and stops at the page's last row.
  return `WITH matched AS MATERIALIZED (SELECT ${columns} FROM transactions WHERE ${clause} LIMIT ${cap + 1}),
            counted AS (SELECT count(*) AS total_count FROM matched),
            walked AS MATERIALIZED (
              SELECT ${columns}
                FROM (SELECT * FROM transactions WHERE ${filters} ${orderBy(order)} LIMIT ${SEARCH_WALK_ROWS}) window_rows
               WHERE ${search} AND ${overCap} ${orderBy(order)} LIMIT ${wanted}),
            walk_filled AS (SELECT count(*) >= ${wanted} AS filled FROM walked),
            every_match AS MATERIALIZED (
              SELECT ${columns} FROM transactions
               WHERE ${clause} AND ${overCap} AND NOT (SELECT filled FROM walk_filled))
     SELECT page.*, counted.total_count
       FROM counted
       LEFT JOIN ((SELECT * FROM matched WHERE NOT ${overCap} ${page})
                  UNION ALL
                  (SELECT * FROM walked WHERE (SELECT filled FROM walk_filled) ${page})
                  UNION ALL
                  (SELECT * FROM every_match ${page})) page ON true
      ${orderBy(order, 'page.')}`;
}
