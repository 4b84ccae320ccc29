import type { FastifyBaseLogger } from 'fastify';
import type { DataSource } from 'typeorm';
import { addDays, businessDateOf } from '../../common/business-date';
import { withEndOfDayLock, type EndOfDayLock } from './end-of-day.lock';
import { findRun, firstDateToRun, openTransactionsBefore } from './end-of-day.queries';
import { runBusinessDateLocked, type BusinessDateInput, type MatureDeposit } from './end-of-day.service';

/** How long a date waits for transactions begun before it ended, before it is left to the next run of the job. */
export const TRANSACTIONS_WAIT_MS = 30_000;
const TRANSACTIONS_POLL_MS = 500;

export interface CatchUpInput {
  /** The bank's time zone (BANK_TIME_ZONE): a date has ended once it is a later date there. */
  zone: string;
  /** The time now (the app's clock). */
  now: Date;
  log: FastifyBaseLogger;
  matureDeposit?: MatureDeposit;
  chunk?: number;
  waitForTransactionsMs?: number;
}

/**
 * What one run of the job did. `busy`: another session holds the lock (another server is running the end of day).
 * Otherwise the dates it ran, in order, and why it stopped before the last ended date if it did: a date that failed
 * (`failed`), or transactions begun before a date ended and still open (`waitingOn`).
 */
export type CatchUpOutcome = { busy: true } | { busy: false; ran: string[]; failed?: string; waitingOn?: string };

/**
 * Runs every business date that has ended and is not done, oldest first, one at a time, under the end of day's
 * lock (docs/operations/end-of-day.md): from the earliest run not done, else the day after the last one done, up
 * to yesterday in the bank's time zone; with no run at all, yesterday only (interest begins with the first run). It
 * stops at the first date that fails, which the next run of the job tries again.
 */
export async function runDueBusinessDates(db: DataSource, input: CatchUpInput): Promise<CatchUpOutcome> {
  const lastEnded = addDays(businessDateOf(input.now, input.zone), -1);
  const outcome = await withEndOfDayLock(db, async (lock) => {
    const ran: string[] = [];
    for (let date = await firstDateToRun(db, lastEnded); date <= lastEnded; date = addDays(date, 1)) {
      const zone = (await findRun(db, date))?.time_zone ?? input.zone;
      if (!(await transactionsEnded(lock, date, zone, input.waitForTransactionsMs ?? TRANSACTIONS_WAIT_MS))) {
        input.log.warn({ component: 'end-of-day', businessDate: date }, 'transactions begun before the business date ended are still open; the date waits for the next run');
        return { ran, waitingOn: date };
      }
      const ok = await runLoggedDate(db, { businessDate: date, zone, chunk: input.chunk, matureDeposit: input.matureDeposit }, input.log);
      if (!ok) return { ran, failed: date };
      ran.push(date);
    }
    return { ran };
  });
  return outcome.got ? { busy: false, ...outcome.value } : { busy: true };
}

/**
 * One business date under the lock the caller holds, logged with its tallies and duration (component 'end-of-day').
 * Answers whether the date is done.
 */
export async function runLoggedDate(db: DataSource, input: BusinessDateInput, log: FastifyBaseLogger): Promise<boolean> {
  const started = Date.now();
  const context = { component: 'end-of-day', businessDate: input.businessDate, timeZone: input.zone };
  try {
    const outcome = await runBusinessDateLocked(db, input);
    if (!outcome.ran) return true;
    const run = outcome.run!;
    const tallies = {
      ...context,
      status: run.status,
      accountsAccrued: run.accounts_accrued,
      accountsPosted: run.accounts_posted,
      depositsMatured: run.deposits_matured,
      failures: run.failures,
      attempt: run.attempts,
      durationMs: Date.now() - started,
    };
    if (run.status === 'done') log.info(tallies, 'business date run');
    else log.error({ ...tallies, error: run.error }, 'business date failed');
    return run.status === 'done';
  } catch (err) {
    log.error({ ...context, durationMs: Date.now() - started, error: (err as Error).message }, 'business date failed');
    return false;
  }
}

/** Waits up to `waitMs` until no other session has a transaction open that began before `businessDate` ended. */
async function transactionsEnded(lock: EndOfDayLock, businessDate: string, zone: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if ((await openTransactionsBefore(lock.connection, businessDate, zone)) === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, TRANSACTIONS_POLL_MS));
  }
}
