import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { addDays } from '../../common/business-date';
import { withTransaction } from '../../db/transaction';
import { withEndOfDayLock } from './end-of-day.lock';
import {
  accrueChunk,
  bookAccruals,
  claimRun,
  countMaturedDeposit,
  findRun,
  finishRun,
  maturingDepositIds,
  postChunk,
  startAccruals,
  type ChunkResult,
  type EndOfDayRunRow,
} from './end-of-day.queries';

/** Accounts per transaction: short enough not to hold locks long, long enough that a million take few round trips. */
export const END_OF_DAY_CHUNK = 20_000;

/** The first of the next month follows `businessDate`: interest accrued up to it is paid. */
export const isMonthEnd = (businessDate: string) => addDays(businessDate, 1).endsWith('-01');

export interface BusinessDateInput {
  businessDate: string;
  zone: string;
  chunk?: number;
  /** Pays out or renews one matured term deposit in its own transaction (the deposits module). */
  matureDeposit?: MatureDeposit;
  /**
   * Told after each chunk's transaction has committed. A test stops a run there by throwing, as a crash between two
   * chunks would, to prove the run resumes where it stopped.
   */
  afterChunk?: (step: 'accrue' | 'post', chunk: ChunkResult) => Promise<void> | void;
}

/** Pays out or renews the term deposit `accountId` that matures after `businessDate`; answers whether it did. */
export type MatureDeposit = (accountId: string, businessDate: string) => Promise<boolean>;

/** Not run: the date is done already. */
export type BusinessDateOutcome = { ran: false; reason: 'done' } | { ran: true; run: EndOfDayRunRow | undefined };

/**
 * Runs one business date: every interest-bearing account accrues its day, the ledger books the accrued interest,
 * interest is paid when the month ends, and matured term deposits are paid out or renewed. Each step is idempotent
 * per account and date, so a date started again (after a crash, or by a second worker) finishes what is left and
 * changes nothing else. It runs under the end of day's lock (end-of-day.lock.ts), waiting for a run in progress on
 * any server to finish first; a date already done is not run again (answers ran: false).
 */
export async function runBusinessDate(db: DataSource, input: BusinessDateInput): Promise<BusinessDateOutcome> {
  const outcome = await withEndOfDayLock(db, () => runBusinessDateLocked(db, input), { wait: true });
  assert(outcome.got, 'a waiting lock is always got');
  return outcome.value;
}

/** runBusinessDate for a caller that holds the end of day's lock already (end-of-day.lock.ts). */
export async function runBusinessDateLocked(db: DataSource, input: BusinessDateInput): Promise<BusinessDateOutcome> {
  const chunk = input.chunk ?? END_OF_DAY_CHUNK;
  assert(chunk > 0, 'a chunk holds at least one account');
  const claimed = await claimRun(db, input.businessDate, input.zone);
  if (!claimed) return { ran: false, reason: 'done' };
  let failures = 0;
  let firstFailure = '';
  try {
    await startAccruals(db, input.businessDate, input.zone);
    await eachChunk(
      (after) => withTransaction(db, (m) => accrueChunk(m, input.businessDate, input.zone, after, chunk)),
      (result) => input.afterChunk?.('accrue', result),
    );
    await withTransaction(db, (m) => bookAccruals(m));
    if (isMonthEnd(input.businessDate)) {
      await eachChunk(
        (after) => withTransaction(db, (m) => postChunk(m, input.businessDate, after, chunk)),
        (result) => input.afterChunk?.('post', result),
      );
    }
    for (const accountId of await maturingDepositIds(db, input.businessDate)) {
      if (!input.matureDeposit) break;
      try {
        if (await input.matureDeposit(accountId, input.businessDate)) await countMaturedDeposit(db, input.businessDate);
      } catch (err) {
        // One deposit that cannot be paid out does not stop the others; the run is marked failed and can be rerun.
        failures += 1;
        firstFailure ||= `the term deposit ${accountId}: ${(err as Error).message}`;
      }
    }
    const failed = { status: 'failed' as const, failures, error: `${failures} matured term deposits could not be paid out (first, ${firstFailure})` };
    await finishRun(db, input.businessDate, failures > 0 ? failed : { status: 'done' });
  } catch (err) {
    await finishRun(db, input.businessDate, { status: 'failed', error: (err as Error).message, failures: failures + 1 });
    throw err;
  }
  return { ran: true, run: await findRun(db, input.businessDate) };
}

/** Calls `step` after the last account of the previous call until it picks none, telling `done` of each chunk. */
async function eachChunk(step: (after: string | null) => Promise<ChunkResult>, done: (result: ChunkResult) => Promise<void> | void): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const result = await step(after);
    if (result.picked === 0) return;
    await done(result);
    assert(result.last_account !== null && result.last_account !== after, 'a chunk moves on');
    after = result.last_account;
  }
}
