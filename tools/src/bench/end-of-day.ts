// npm run bench's end of day (docs/performance.md#end-of-day): one business date's run (runBusinessDate, the
// interest module) over a bank's size of savings accounts, alone and beside the steady half-peak transfers: how long
// it takes, the WAL it writes per account, and what it does to the transfers' p99.
import type { DataSource } from 'typeorm';
import { rows } from '@strongroom/server/common/sql';
import { END_OF_DAY_CHUNK, runBusinessDate } from '@strongroom/server/modules/interest';
import { checkpoint } from './bench-database';
import { ACCOUNTS_PER_SAVER, seedSavers } from './end-of-day-population';
import { RawHttpPool } from './raw-http';
import { randomTransfer, type Stack } from './scenarios';
import { fig, steadyRate } from './steady-rate';

/** The product owner's targets: a million accounts in a minute, 2 MB of WAL per 10,000 accounts, half-peak p99 < 50 ms. */
export const END_OF_DAY_TARGETS = { accountsPerS: 1_000_000 / 60, walBytesPer10k: 2 * 2 ** 20, halfPeakP99Ms: 50 };

const ZONE = 'UTC';
const STATS_REPORTED_MS = 11_000;
/** BENCH_EOD_CHUNK: accounts a transaction of the run, to try another size than the server's (END_OF_DAY_CHUNK). */
const CHUNK = Number(process.env.BENCH_EOD_CHUNK ?? END_OF_DAY_CHUNK);
/**
 * BENCH_EOD_SETTLE_DAYS: dates run (each followed by a vacuum) between the accrual rows' first update and the measured
 * ordinary date. Each day some rows' new versions do not fit their page and move to another (not HOT); those pages
 * then hold fewer rows, and by the fourth day every update is HOT: that is the bank's every day.
 */
const SETTLE_DAYS = Number(process.env.BENCH_EOD_SETTLE_DAYS ?? 3);

/** What one business date's run did and cost. */
export interface DateFigures {
  businessDate: string;
  accrued: number;
  posted: number;
  seconds: number;
  walBytes: number;
  walRecords: number;
  fullPageImages: number;
  /** interest_accruals' row updates in the run, and how many of them were HOT (the new version on the same page). */
  updates: number;
  hotUpdates: number;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Consecutive business dates, all in the future, so that nothing posted before or during the runs counts as posted
 * after their day ended: the day before a month's end, its last day (interest is paid), and the ordinary dates after
 * it. The month is the one after `now`'s.
 */
export function endOfDayDates(now: Date): { beforeMonthEnd: string; monthEnd: string; afterMonthEnd: (days: number) => string } {
  const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0);
  const day = (offset: number) => isoDate(new Date(monthEnd + offset * 24 * 3600 * 1000));
  return { beforeMonthEnd: day(-1), monthEnd: day(0), afterMonthEnd: day };
}

interface Counters {
  lsn: string;
  records: number;
  fullPageImages: number;
  updates: number;
  hotUpdates: number;
}

async function readCounters(ds: DataSource): Promise<Counters> {
  const [row] = await rows<{ lsn: string; records: string; fpi: string; updates: string | null; hot: string | null }>(
    ds.manager,
    `SELECT pg_current_wal_lsn()::text AS lsn, w.wal_records::text AS records, w.wal_fpi::text AS fpi, t.n_tup_upd::text AS updates, t.n_tup_hot_upd::text AS hot
       FROM pg_stat_wal w LEFT JOIN pg_stat_user_tables t ON t.relname = 'interest_accruals'`,
  );
  return { lsn: row.lsn, records: Number(row.records), fullPageImages: Number(row.fpi), updates: Number(row.updates ?? 0), hotUpdates: Number(row.hot ?? 0) };
}

async function walSince(ds: DataSource, lsn: string): Promise<number> {
  const [row] = await rows<{ bytes: string }>(ds.manager, `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS bytes`, [lsn]);
  return Number(row.bytes);
}

/**
 * Runs `businessDate` (runBusinessDate, as the server's job does) and reads what it wrote: the WAL between the LSN
 * before and after it, the full-page images and HOT updates. `startAfterCheckpoint` (the default) checkpoints first,
 * as the first run after a checkpoint writes each page it changes whole: every daily run does, since a day holds many
 * checkpoints.
 */
export async function measureBusinessDate(
  ds: DataSource,
  businessDate: string,
  { startAfterCheckpoint = true, ran }: { startAfterCheckpoint?: boolean; /** Called as soon as the run ends, before its counts are read. */ ran?: () => void } = {},
): Promise<DateFigures> {
  if (startAfterCheckpoint) await checkpoint(ds);
  const before = await readCounters(ds);
  const started = performance.now();
  const outcome = await runBusinessDate(ds, { businessDate, zone: ZONE, chunk: CHUNK });
  const seconds = (performance.now() - started) / 1000;
  ran?.();
  const walBytes = await walSince(ds, before.lsn);
  if (!outcome.ran || outcome.run?.status !== 'done') throw new Error(`the end of day of ${businessDate} did not finish: ${JSON.stringify(outcome)}`);
  // A backend that reported its counts less than a second ago reports the next ones once idle for 10 s
  // (PGSTAT_IDLE_INTERVAL); the run's connections report theirs by then.
  await new Promise((resolve) => setTimeout(resolve, STATS_REPORTED_MS));
  const after = await readCounters(ds);
  return {
    businessDate,
    accrued: outcome.run.accounts_accrued,
    posted: outcome.run.accounts_posted,
    seconds,
    walBytes,
    walRecords: after.records - before.records,
    fullPageImages: after.fullPageImages - before.fullPageImages,
    updates: after.updates - before.updates,
    hotUpdates: after.hotUpdates - before.hotUpdates,
  };
}

/** The lines a date's figures print as, against the targets. */
export function describeDate(title: string, figures: DateFigures, { budgeted }: { budgeted: boolean }): string[] {
  const accounts = Math.max(1, figures.accrued);
  const perSecond = figures.accrued / figures.seconds;
  const per10kBytes = (figures.walBytes / accounts) * 10_000;
  const mb = (bytes: number) => fig(bytes / 2 ** 20, 2);
  const lines = [
    `${title} (${figures.businessDate}): ${fig(figures.accrued)} accounts accrued${figures.posted ? `, ${fig(figures.posted)} paid interest` : ''} in ${fig(figures.seconds, 1)} s, ${fig(perSecond)} accounts/s (target ${fig(END_OF_DAY_TARGETS.accountsPerS)}/s: 1,000,000 in 60 s${perSecond >= END_OF_DAY_TARGETS.accountsPerS ? ', met' : ', missed'})`,
    `  WAL ${mb(figures.walBytes)} MB: ${fig(figures.walBytes / accounts)} bytes an account, ${mb(per10kBytes)} MB per 10,000 accounts (${budgeted ? `budget ${mb(END_OF_DAY_TARGETS.walBytesPer10k)} MB${per10kBytes <= END_OF_DAY_TARGETS.walBytesPer10k ? ', met' : ', missed'}` : 'no budget set'}); ${fig(figures.walRecords)} records, ${fig(figures.fullPageImages)} full-page images (${fig((1000 * figures.fullPageImages) / accounts, 1)} per 1,000 accounts)`,
    `  interest_accruals: ${fig(figures.updates)} row updates, ${fig((100 * figures.hotUpdates) / Math.max(1, figures.updates), 1)}% of them HOT`,
  ];
  return lines;
}

/**
 * The steady half-peak transfers for `baselineS` without the end of day, then beside one date's run for as long as it
 * lasts: their p99 without it and during it, against the half-peak target.
 */
async function besideTransfers(stack: Stack, rate: number, baselineS: number, businessDate: string) {
  const url = new URL(`${stack.base}/v1/transfer/same`);
  const transfer = () => randomTransfer(stack.customers, () => Math.floor(Math.random() * stack.customers.length));
  const pool = new RawHttpPool(url);
  try {
    await steadyRate(url, rate, 5, transfer, { pool });
    await checkpoint(stack.ds);
    const without = await steadyRate(url, rate, baselineS, transfer, { pool });
    await checkpoint(stack.ds);
    let finished = false;
    const ended = () => {
      finished = true;
    };
    const run = measureBusinessDate(stack.ds, businessDate, { startAfterCheckpoint: false, ran: ended }).finally(ended);
    const [figures, during] = await Promise.all([run, steadyRate(url, rate, 3600, transfer, { pool, until: () => finished })]);
    return { without, during, figures };
  } finally {
    pool.close();
  }
}

/**
 * The month end first, over `monthEndAccounts` of the accounts (all of them unless BENCH_EOD_MONTH_END_ACCOUNTS says
 * fewer), then the rest of the `accounts` are seeded and an ordinary date runs over
 * all of them alone, and the next beside transfers at `halfRate` a second; each measured run starts just after a
 * checkpoint. Prints each; asserts nothing.
 */
export async function endOfDayScenario(stack: Stack, { accounts, monthEndAccounts, halfRate }: { accounts: number; monthEndAccounts: number; halfRate: number }): Promise<void> {
  const { ds } = stack;
  const dates = endOfDayDates(new Date());
  const sample = Math.min(accounts, Math.ceil(monthEndAccounts / ACCOUNTS_PER_SAVER) * ACCOUNTS_PER_SAVER);
  const sampled = await seedSavers(ds, sample);
  await ds.query(`SELECT start_interest_accruals($1::date, $2)`, [dates.beforeMonthEnd, ZONE]);
  await runBusinessDate(ds, { businessDate: dates.beforeMonthEnd, zone: ZONE, chunk: CHUNK });
  await new Promise((resolve) => setTimeout(resolve, STATS_REPORTED_MS));
  const monthEnd = await measureBusinessDate(ds, dates.monthEnd);
  for (const line of describeDate('End of day, a month end (accrues and pays)', monthEnd, { budgeted: false })) console.log(line);
  console.log(`  over ${fig(sample)} savers' accounts and the bench's customers' savings accounts (BENCH_EOD_MONTH_END_ACCOUNTS), in chunks of up to ${fig(CHUNK)}`);

  const rest = await seedSavers(ds, accounts, { fromAccount: sample });
  // Every account has its accrual row before the measured runs, as on any day but an account's first.
  const started = performance.now();
  await ds.query(`SELECT start_interest_accruals($1::date, $2)`, [dates.afterMonthEnd(1), ZONE]);
  await ds.query('VACUUM (ANALYZE) interest_accruals');
  console.log(
    `End of day: seeded ${fig(sampled.accounts + rest.accounts)} funded savings accounts (${ACCOUNTS_PER_SAVER} a saver) in ${fig(sampled.seconds + rest.seconds)} s, their accrual rows in ${fig((performance.now() - started) / 1000)} s`,
  );
  // An accrual row's first update widens it (the amount gets decimals, the rates are set), and some new versions no
  // longer fit their page. Between days autovacuum empties the pages of the day before's versions (a million updated
  // rows are five times its threshold): the vacuums below stand for it.
  for (const line of describeDate("End of day, the accrual rows' first update", await measureBusinessDate(ds, dates.afterMonthEnd(1)), { budgeted: true })) console.log(line);
  await ds.query('VACUUM (ANALYZE) interest_accruals');
  for (let day = 2; day < 2 + SETTLE_DAYS; day++) {
    await runBusinessDate(ds, { businessDate: dates.afterMonthEnd(day), zone: ZONE, chunk: CHUNK });
    await ds.query('VACUUM interest_accruals');
  }
  await new Promise((resolve) => setTimeout(resolve, STATS_REPORTED_MS));
  const ordinary = await measureBusinessDate(ds, dates.afterMonthEnd(2 + SETTLE_DAYS));
  for (const line of describeDate(`End of day, an ordinary date (after ${SETTLE_DAYS} more)`, ordinary, { budgeted: true })) console.log(line);

  const baselineS = Math.max(30, Math.ceil(ordinary.seconds));
  const { without, during, figures } = await besideTransfers(stack, halfRate, baselineS, dates.afterMonthEnd(3 + SETTLE_DAYS));
  const verdict = (p99: number) => (p99 < END_OF_DAY_TARGETS.halfPeakP99Ms ? 'met' : 'missed');
  console.log(
    `End of day beside transfers at ${halfRate}/s (half the peak): the run took ${fig(figures.seconds, 1)} s, ${fig(figures.accrued / figures.seconds)} accounts/s; WAL (with the transfers') ${fig(figures.walBytes / 2 ** 20, 1)} MB`,
  );
  console.log(
    `  transfers without it (${fig(without.elapsedS)} s): ${fig(without.ratePerS)}/s  p50 ${fig(without.p50)} ms  p99 ${fig(without.p99)} ms (target < ${END_OF_DAY_TARGETS.halfPeakP99Ms} ms, ${verdict(without.p99)}; failed ${without.failed})`,
  );
  console.log(
    `  transfers during it  (${fig(during.elapsedS)} s): ${fig(during.ratePerS)}/s  p50 ${fig(during.p50)} ms  p99 ${fig(during.p99)} ms (target < ${END_OF_DAY_TARGETS.halfPeakP99Ms} ms, ${verdict(during.p99)}; failed ${during.failed}); p99 in each 15 s: ${during.windowP99s.map((ms) => `${fig(ms)} ms`).join(', ')}`,
  );
}
