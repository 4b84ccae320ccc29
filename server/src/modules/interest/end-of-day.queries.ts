import type { PoolClient } from 'pg';
import { pooledRows, rows, type Preparable, type Queryable } from '../../common/sql';

/** One end-of-day run (a business date) as the console lists it. */
export interface EndOfDayRunRow {
  business_date: string;
  status: 'running' | 'done' | 'failed';
  time_zone: string;
  started_at: Date;
  finished_at: Date | null;
  accounts_accrued: number;
  accounts_posted: number;
  deposits_matured: number;
  failures: number;
  attempts: number;
  error: string | null;
}

const runColumns = (alias = '') =>
  ['business_date::text AS business_date', 'status', 'time_zone', 'started_at', 'finished_at', 'accounts_accrued', 'accounts_posted', 'deposits_matured', 'failures', 'attempts', 'error']
    .map((column) => alias + column)
    .join(', ');
const RUN_COLUMNS = runColumns();

/**
 * Starts the run of a business date, or starts it again (a failed run, or one a stopped server left running): its
 * tallies carry on from where they were, as the accounts it already accrued are not accrued again. A date that is
 * done answers undefined.
 */
export async function claimRun(db: Queryable, businessDate: string, zone: string): Promise<EndOfDayRunRow | undefined> {
  const [row] = await rows<EndOfDayRunRow>(
    db,
    `INSERT INTO end_of_day_runs AS r (business_date, status, time_zone) VALUES ($1::date, 'running', $2)
     ON CONFLICT (business_date) DO UPDATE SET status = 'running', attempts = r.attempts + 1, started_at = now(), finished_at = NULL, error = NULL
       WHERE r.status <> 'done'
     RETURNING ${RUN_COLUMNS}`,
    [businessDate, zone],
  );
  return row;
}

export async function finishRun(db: Queryable, businessDate: string, outcome: { status: 'done' | 'failed'; error?: string; failures?: number }): Promise<void> {
  await db.query(`UPDATE end_of_day_runs SET status = $2, finished_at = now(), error = $3, failures = failures + $4 WHERE business_date = $1::date`, [
    businessDate,
    outcome.status,
    outcome.error ?? null,
    outcome.failures ?? 0,
  ]);
}

export async function countMaturedDeposit(db: Queryable, businessDate: string): Promise<void> {
  await db.query(`UPDATE end_of_day_runs SET deposits_matured = deposits_matured + 1 WHERE business_date = $1::date`, [businessDate]);
}

export async function findRun(db: Queryable, businessDate: string): Promise<EndOfDayRunRow | undefined> {
  const [row] = await rows<EndOfDayRunRow>(db, `SELECT ${RUN_COLUMNS} FROM end_of_day_runs WHERE business_date = $1::date`, [businessDate]);
  return row;
}

export async function startAccruals(db: Queryable, businessDate: string, zone: string): Promise<number> {
  const [row] = await rows<{ added: number }>(db, `SELECT start_interest_accruals($1::date, $2) AS added`, [businessDate, zone]);
  return row.added;
}

export interface ChunkResult {
  picked: number;
  done: number;
  last_account: string | null;
}

/** accrue_interest (server/src/db/sql/interest.sql) for the next `limit` accounts after `after`. */
export async function accrueChunk(db: Queryable, businessDate: string, zone: string, after: string | null, limit: number): Promise<ChunkResult> {
  const [row] = await rows<ChunkResult>(db, `SELECT picked, accrued AS done, last_account FROM accrue_interest($1::date, $2, $3::uuid, $4)`, [businessDate, zone, after, limit]);
  return row;
}

/** post_interest (server/src/db/sql/interest.sql) for the next `limit` accounts after `after`. */
export async function postChunk(db: Queryable, businessDate: string, after: string | null, limit: number): Promise<ChunkResult> {
  const [row] = await rows<ChunkResult>(db, `SELECT picked, paid AS done, last_account FROM post_interest($1::date, $2::uuid, $3)`, [businessDate, after, limit]);
  return row;
}

export async function bookAccruals(db: Queryable): Promise<number> {
  const [row] = await rows<{ booked: number }>(db, `SELECT book_interest_accruals() AS booked`);
  return row.booked;
}

/** Term deposits that mature on the day after `businessDate` (their last day of interest is `businessDate`). */
export async function maturingDepositIds(db: Queryable, businessDate: string): Promise<string[]> {
  const found = await rows<{ account_id: string }>(db, `SELECT account_id FROM term_deposits WHERE status = 'active' AND maturity_date <= $1::date + 1 ORDER BY maturity_date, account_id`, [
    businessDate,
  ]);
  return found.map((r) => r.account_id);
}

/** A run's interest per currency: accrued (to 10 decimal places of a minor unit) and paid, both in minor units. */
export interface EndOfDayTotalRow {
  currency: string;
  accrued_minor: string;
  posted_minor: string;
}

export interface EndOfDayRunWithTotals extends EndOfDayRunRow {
  totals: EndOfDayTotalRow[];
}

/** What the staff list of runs may be sorted by (the primary key walks dates; the others sort a small table). */
export const RUN_SORTABLE = { businessDate: 'r.business_date', status: 'r.status', startedAt: 'r.started_at', finishedAt: 'r.finished_at' } as const;
export type RunSortField = keyof typeof RUN_SORTABLE;

const RUN_WITH_TOTALS = `SELECT ${runColumns('r.')},
       coalesce((SELECT json_agg(json_build_object('currency', t.currency, 'accrued_minor', t.accrued_minor::text, 'posted_minor', t.posted_minor::text) ORDER BY t.currency)
                   FROM end_of_day_totals t WHERE t.business_date = r.business_date), '[]'::json) AS totals
  FROM end_of_day_runs r`;

/** A page of runs (a date's run, its tallies and its interest per currency) and how many there are in all. */
export async function runPage(
  db: Queryable,
  filter: { status?: string },
  sort: { field: RunSortField; order: 'ASC' | 'DESC' },
  page: { limit: number; offset: number },
): Promise<{ items: EndOfDayRunWithTotals[]; total: number }> {
  const params: unknown[] = [];
  const where = filter.status !== undefined ? `WHERE r.status = $${params.push(filter.status)}` : '';
  const order = `${RUN_SORTABLE[sort.field]} ${sort.order === 'ASC' ? 'ASC' : 'DESC'} NULLS LAST, r.business_date DESC`;
  const items = await rows<EndOfDayRunWithTotals>(db, `${RUN_WITH_TOTALS} ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, page.limit, page.offset]);
  // One row a day: a bank's whole history is a few thousand rows, counted whole.
  const [{ total }] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM end_of_day_runs r ${where}`, params);
  return { items, total };
}

export async function findRunWithTotals(db: Queryable, businessDate: string): Promise<EndOfDayRunWithTotals | undefined> {
  const [row] = await rows<EndOfDayRunWithTotals>(db, `${RUN_WITH_TOTALS} WHERE r.business_date = $1::date`, [businessDate]);
  return row;
}

/**
 * The first business date the end of day has still to run, up to `lastEnded` (the last date that has ended): the
 * earliest run not done (failed, or left running by a stopped server), else the day after the last one done. With no
 * run at all, interest begins with `lastEnded` itself (docs/operations/end-of-day.md).
 */
export async function firstDateToRun(db: Queryable, lastEnded: string): Promise<string> {
  const [row] = await rows<{ first: string }>(
    db,
    `SELECT coalesce(least((SELECT min(business_date) FROM end_of_day_runs WHERE status <> 'done' AND business_date <= $1::date),
                           (SELECT max(business_date) + 1 FROM end_of_day_runs WHERE status = 'done')), $1::date)::text AS first`,
    [lastEnded],
  );
  return row.first;
}

/**
 * Transactions of this database still open that began before `businessDate` ended in `zone`: what they book is dated
 * that day (a posting's created_at is its transaction's start), so the day's balances are not final until they end.
 * Sessions of other roles show no start time here and are not counted; `pg_backend_pid()` is the caller's own.
 */
export async function openTransactionsBefore(db: Preparable, businessDate: string, zone: string): Promise<number> {
  const [row] = await pooledRows<{ open: number }>(
    db,
    `SELECT count(*)::int AS open FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
        AND state <> 'idle' AND xact_start < ($1::date + 1)::timestamp AT TIME ZONE $2`,
    [businessDate, zone],
  );
  return row.open;
}

/** The end of day's one session lock: a date runs on one server at a time, and dates run one after another. */
const END_OF_DAY_LOCK = 'strongroom:end-of-day';

export async function tryAdvisoryLock(client: PoolClient): Promise<boolean> {
  const [row] = await pooledRows<{ got: boolean }>(client, `SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS got`, [END_OF_DAY_LOCK]);
  return row.got;
}

/** Waits for the lock as long as another session holds it. */
export async function advisoryLock(client: PoolClient): Promise<void> {
  await pooledRows(client, `SELECT pg_advisory_lock(hashtextextended($1, 0))`, [END_OF_DAY_LOCK]);
}

export async function advisoryUnlock(client: PoolClient): Promise<void> {
  await pooledRows(client, `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [END_OF_DAY_LOCK]);
}
