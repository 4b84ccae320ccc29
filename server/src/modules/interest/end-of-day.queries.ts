import { rows, type Queryable } from '../../common/sql';

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

const RUN_COLUMNS = `business_date::text AS business_date, status, time_zone, started_at, finished_at, accounts_accrued, accounts_posted, deposits_matured, failures, attempts, error`;

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
