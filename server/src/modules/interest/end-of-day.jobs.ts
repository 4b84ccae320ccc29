import type { FastifyInstance } from 'fastify';
import { runDueBusinessDates, type CatchUpOutcome } from './end-of-day.catch-up';
import type { MatureDeposit } from './end-of-day.service';

export const END_OF_DAY_TASK = 'run_end_of_day';

/** What the end of day needs from other modules. */
export interface EndOfDayOptions {
  /** Pays out or renews a term deposit at maturity, in a transaction of its own (the deposits module's matureDeposit). */
  matureDeposit?: (app: FastifyInstance, accountId: string, businessDate: string) => Promise<boolean>;
}

/** The deposits module's matureDeposit as runBusinessDate takes it, or none. */
export function matureDepositFor(app: FastifyInstance, options: EndOfDayOptions): MatureDeposit | undefined {
  const mature = options.matureDeposit;
  return mature ? (accountId, businessDate) => mature(app, accountId, businessDate) : undefined;
}

/** One run of the job: every business date that has ended and is not done, oldest first (end-of-day.catch-up.ts). */
export function runEndOfDay(app: FastifyInstance, options: EndOfDayOptions = {}, tuning: { chunk?: number; waitForTransactionsMs?: number } = {}): Promise<CatchUpOutcome> {
  return runDueBusinessDates(app.db, { zone: app.config.bankTimeZone, now: app.clock.now(), log: app.log, matureDeposit: matureDepositFor(app, options), ...tuning });
}

/**
 * The end of day (docs/operations/end-of-day.md) runs every five minutes and when the server starts, on whichever
 * server's worker takes the job; the advisory lock keeps all but one of them out. A date that fails is logged, not
 * thrown: the next run tries it again, so the queue does not retry it on top.
 */
export function defineEndOfDayJobs(app: FastifyInstance, options: EndOfDayOptions = {}): void {
  app.jobs.define(END_OF_DAY_TASK, async () => {
    const outcome = await runEndOfDay(app, options);
    if (outcome.busy) app.log.debug({ component: 'end-of-day' }, 'the end of day is running on another server');
  });
  if (!app.config.endOfDay) return;
  app.jobs.cron(`*/5 * * * * ${END_OF_DAY_TASK}`);
  if (app.config.jobsWorker) app.addHook('onReady', () => app.jobs.enqueue(app.db, END_OF_DAY_TASK, {}, { jobKey: END_OF_DAY_TASK, maxAttempts: 1 }));
}
