// npm run bench's scenarios against a running stack: closed-loop transfer runs (autocannon), the steady half-peak minute
// (open loop, steady-rate.ts) with what the machine did in it, and the 100,000-row transaction list.
import autocannon from 'autocannon';
import { newIdempotencyKey } from '@strongroom/shared';
import type { DataSource } from 'typeorm';
import { rows } from '@strongroom/server/common/sql';
import { withTransaction } from '@strongroom/server/db/transaction';
import { internalAccountId, newReference, postJournal } from '@strongroom/server/modules/ledger/ledger.service';
import { transactionSearch } from '@strongroom/server/modules/transactions/transactions.service';
import { type PgStats, checkpoint, sessionsOpened, walBytes } from './bench-database';
import { type GcTally, describeMajorsBefore, gcBySecond, scavengeTotals } from './gc-tally';
import { anyAccountOf, HARNESS_PIN, type SeededCustomer } from './harness';
import { describeSlowSeconds, sampleSeconds, windowTotals } from './second-sampler';
import { sampleActivity } from './activity-sampler';
import { autovacuumCounters, describeAutovacuum } from './autovacuum-tally';
import { type CounterDeltas, diskOf, sampleStalls } from './stall-sampler';
import { STEADY_WINDOW_S, fig, steadyRate } from './steady-rate';
import { RawHttpPool } from './raw-http';
import { type Pgbench, cpuPerTransfer, cpuSnapshot } from './yardstick';

/** The running stack a scenario drives and reads. */
export interface Stack {
  ds: DataSource;
  /** The server's origin, http://127.0.0.1:port. */
  base: string;
  serverPid?: number;
  postmasterPid?: number;
  customers: SeededCustomer[];
  /** BENCH_CPUS's cgroup, whose throttling the steady run reports. */
  cpuLimitDirectory?: string;
  /** The bench's folder (its embedded PostgreSQL's data): the disk whose business the steady run reports. */
  tmp: string;
  pgStats: PgStats;
  gc: GcTally;
  /** BENCH_DEBUG: the file the server's loop probe writes. */
  loopProbeFile?: string;
}

function pct(result: autocannon.Result, p: 'p50' | 'p99' | 'p97_5' | 'p90') {
  return (result.latency as unknown as Record<string, number>)[p];
}

/**
 * A transfer from a random funded customer to any account of `pickRecipient(from)` (never to themselves), with a fresh Idempotency-Key
 * made as the customer app makes it (time-ordered; docs/performance.md#time-ordered-idempotency-keys).
 */
export function randomTransfer(customers: SeededCustomer[], pickRecipient: (fromIndex: number) => number) {
  const from = Math.floor(Math.random() * customers.length);
  let to = pickRecipient(from);
  if (to === from) to = (from + 1) % customers.length;
  return {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${customers[from].token}`, 'idempotency-key': newIdempotencyKey() },
    payload: JSON.stringify({ recipientAccountNumber: anyAccountOf(customers[to]), amount: '1.25', pin: HARNESS_PIN }),
  };
}

/** Same-bank transfers as fast as `connections` closed-loop clients go (autocannon) for `durationS`. */
export function closedLoopTransfers(stack: Stack, pickRecipient: (fromIndex: number) => number, connections: number, durationS: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${stack.base}/v1/transfer/same`,
        connections,
        duration: durationS,
        requests: [
          {
            method: 'POST',
            setupRequest: (request: autocannon.Request) => {
              const { headers, payload } = randomTransfer(stack.customers, pickRecipient);
              return { ...request, headers, body: payload } as autocannon.Request;
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** Prints a closed-loop run's line and returns its transfers a second. */
export function reportTransfers(title: string, result: autocannon.Result): number {
  const rate = result['2xx'] / result.duration;
  console.log(
    `${title.padEnd(38)} ${fig(rate).padStart(6)} transfers/s  p50 ${String(pct(result, 'p50')).padStart(4)} ms  p99 ${String(pct(result, 'p99')).padStart(4)} ms  (non-2xx ${result.non2xx}, errors ${result.errors})`,
  );
  return rate;
}

/** Connections opened between two counts of them; PostgreSQL before 14 does not count them. */
/** The unmeasured seconds at the steady rate before its minute (BENCH_HALF_WARMUP_S; 0: none). */
const STEADY_WARMUP_S = process.env.BENCH_HALF_WARMUP_S ? Number(process.env.BENCH_HALF_WARMUP_S) : 5;

const opened = (before: number | undefined, after: number | undefined) => (before === undefined || after === undefined ? 'not counted (PostgreSQL before 14)' : String(after - before));

/**
 * Transfers at a steady `rate` for `durationS` (open loop), just after a checkpoint, then what the machine did meanwhile
 * (each 15 s window, the seconds with the most slow requests), the CPU a transfer, the server's collections, and
 * pgbench's TPC-B at the same rate for the same length just after: a p99 that a plain workload misses as well was the
 * machine's minute (steal, the disk), not the server's.
 */
export async function steadyTransfers(stack: Stack, { rate, durationS, fixed, pgbench, connections }: { rate: number; durationS: number; fixed: boolean; pgbench?: Pgbench; connections: number }) {
  const { ds, serverPid, postmasterPid, cpuLimitDirectory } = stack;
  const url = new URL(`${stack.base}/v1/transfer/same`);
  const transfer = () => randomTransfer(stack.customers, () => Math.floor(Math.random() * stack.customers.length));
  const pool = new RawHttpPool(url);
  // Unmeasured, at the same rate on the same connections: without it the minute's first seconds measured the load
  // generator's own start (its code not yet compiled, every connection opened in the first second, at ~1.9 times its
  // CPU a request later on) among the slowest of the minute. The checkpoint still comes just before the minute.
  if (STEADY_WARMUP_S > 0) await steadyRate(url, rate, STEADY_WARMUP_S, transfer, { pool });
  await checkpoint(ds);
  await stack.pgStats.reset();
  const sampler = process.env.BENCH_DEBUG ? sampleActivity(ds) : undefined;
  const stalls = process.env.BENCH_DEBUG ? sampleStalls(serverPid, cpuLimitDirectory) : undefined;
  const cpuBefore = cpuSnapshot(serverPid, postmasterPid);
  const sessionsBefore = await sessionsOpened(ds);
  const autovacuumBefore = await autovacuumCounters(ds);
  stack.gc.start();
  const machineSeconds = sampleSeconds(serverPid, postmasterPid, cpuLimitDirectory, diskOf(stack.tmp));
  const half = await steadyRate(url, rate, durationS, transfer, { pool });
  pool.close();
  console.log(
    `${(fixed ? `Spread at a steady ${rate}/s (fixed)` : `Spread at a steady half of the peak (${rate}/s)`).padEnd(38)} ${fig(half.ratePerS).padStart(6)} transfers/s  p50 ${fig(half.p50).padStart(4)} ms  p99 ${fig(half.p99).padStart(4)} ms  (failed ${half.failed}; sent late by p99 ${fig(half.sendLagP99)} ms)`,
  );
  if (half.windowP99s.length > 1) console.log(`  p99 in each ${STEADY_WINDOW_S} s of it: ${half.windowP99s.map((ms) => `${fig(ms)} ms`).join(', ')} (worst ${fig(Math.max(...half.windowP99s))} ms)`);
  const seconds = machineSeconds();
  const windows = windowTotals(seconds, STEADY_WINDOW_S);
  const each = (key: keyof CounterDeltas) => windows.map((window) => fig(window[key])).join(', ');
  console.log(
    `  the machine in each ${STEADY_WINDOW_S} s (ms of core time): steal ${each('stealMs')}; the server's main thread waiting for a core ${each('serverWaitMs')}${cpuLimitDirectory ? `; held back by the CPU limit ${each('throttledMs')}` : ''}; the data's disk busy ${each('diskBusyMs')}`,
  );
  // Stopped here, not after the figures below: the slow seconds are told with the collections that ended in them.
  const collected = stack.gc.stop();
  console.log(`  ${describeMajorsBefore(stack.gc.majorsSinceStart, half.startEpochMs)}`);
  const gc = gcBySecond(collected, half.startEpochMs, seconds.length);
  for (const line of describeSlowSeconds(seconds, half.slowBySecond, { cpuLimited: !!cpuLimitDirectory, gc })) console.log(`  ${line}`);
  // pg_stat_user_tables is updated once a worker has finished a table: one finishing just after the minute shows in the next.
  console.log(`  ${describeAutovacuum(autovacuumBefore, await autovacuumCounters(ds), half.startEpochMs)}`);
  console.log(`  ${cpuPerTransfer(cpuBefore, cpuSnapshot(serverPid, postmasterPid), half.ok, half.elapsedS)}; connections opened to PostgreSQL ${opened(sessionsBefore, await sessionsOpened(ds))}`);
  const scavenges = scavengeTotals(collected.scavenges);
  console.log(
    `  server GC: ${scavenges.count} scavenges (${fig(scavenges.pauseMs)} ms in all, longest ${fig(scavenges.longestMs, 1)} ms), ${collected.majors.length} mark-compact${collected.majors.length === 1 ? '' : 's'} (longest pause ${fig(Math.max(0, ...collected.majors.map((major) => major.pauseMs)), 1)} ms)${collected.majors.map((major) => `; one at ${fig((major.atEpochMs - half.startEpochMs) / 1000, 1)} s (pause ${fig(major.pauseMs, 1)} ms, marking steps ${fig(major.markingStepsMs, 1)} ms)`).join('')}`,
  );
  if (sampler) await sampler(half.startEpochMs, half.slowBuckets);
  if (stalls) stalls(half.startEpochMs, half.slowBuckets, stack.loopProbeFile);
  if (process.env.BENCH_DEBUG) await walBytes(ds);
  await stack.pgStats.report('the steady half-peak run', { seconds: half.elapsedS, transfers: half.ok });
  const plain = pgbench?.runAtRate(connections, rate, durationS, STEADY_WINDOW_S);
  if (plain)
    console.log(
      `  pgbench TPC-B at the same ${rate}/s just after (${fig(plain.ratePerS)}/s): p50 ${fig(plain.p50)} ms  p99 ${fig(plain.p99)} ms; in each ${STEADY_WINDOW_S} s: ${plain.windowP99s.map((ms) => `${fig(ms)} ms`).join(', ')}`,
    );
}

/**
 * The oldest rows of the list's history that also name a landlord: a search that matches more than the count's cap,
 * all of it long ago (docs/performance.md#search-pages).
 */
const OLD_MATCHES = 1_500;

/** Books `count` customer-visible credits for one customer through the same tables and triggers, 5,000 a journal. */
async function bookHistory(ds: DataSource, customer: SeededCustomer, count: number) {
  await ds.query(`SET session_replication_role = DEFAULT`);
  const settlement = await internalAccountId(ds.manager, 'settlement', 'USD');
  const batch = 5000;
  for (let done = 0; done < count; done += batch) {
    const size = Math.min(batch, count - done);
    await withTransaction(ds, async (manager) => {
      // One balanced journal per batch keeps seeding fast; each row is a customer-visible credit.
      const reference = newReference('BULK');
      await postJournal(manager, {
        kind: 'incoming',
        reference,
        description: 'bench bulk',
        postings: [
          { accountId: settlement, amountMinor: -BigInt(size) * 100n, currency: 'USD' },
          { accountId: customer.accountId, amountMinor: BigInt(size) * 100n, currency: 'USD' },
        ],
      });
      await manager.query(
        `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, recipient, channel, created_at)
         SELECT $1 || lpad(g::text, 7, '0'), $2, $3, 'credit', 'incoming', 'success', 'Payment ' || g, 'Incoming transfer', 100, 'USD',
                'Sender ' || (g % 97) || CASE WHEN g > $6::int THEN ' Landlord' ELSE '' END, 'Staff console', now() - make_interval(mins => g)
           FROM generate_series($4::int, $5::int) g`,
        [reference, customer.id, customer.accountId, done + 1, done + size, count - OLD_MATCHES],
      );
    });
  }
  // What autovacuum does to a table this size soon after a load: statistics and the visibility map
  // (so the capped count can read the index alone).
  await ds.query('VACUUM (ANALYZE) transactions');
}

/** A customer with `listRows` transactions: the first page of their list, and two searches of it (4 connections). */
export async function listScenario(stack: Stack, listRows: number) {
  const { ds, serverPid, postmasterPid } = stack;
  const heavy = stack.customers[stack.customers.length - 1];
  const started = Date.now();
  await bookHistory(ds, heavy, listRows);
  console.log(`Booked ${listRows} transactions for one customer in ${fig((Date.now() - started) / 1000, 1)} s`);
  const listRun = (path: string, durationS: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon({ url: `${stack.base}${path}`, connections: 4, duration: durationS, headers: { authorization: `Bearer ${heavy.token}` } }, (err, result) => (err ? reject(err) : resolve(result)));
    });
  const reportList = (title: string, result: autocannon.Result) =>
    console.log(
      `${title.padEnd(38)} ${fig(result['2xx'] / result.duration).padStart(6)} req/s        p50 ${String(pct(result, 'p50')).padStart(4)} ms  p99 ${String(pct(result, 'p99')).padStart(4)} ms  (non-2xx ${result.non2xx})`,
    );
  await stack.pgStats.reset();
  const cpuBefore = cpuSnapshot(serverPid, postmasterPid);
  const firstPage = await listRun('/v1/transaction?page=1&pageSize=20', 10);
  reportList(`Transaction list, first page of ${fig(listRows)}`, firstPage);
  console.log(`  ${cpuPerTransfer(cpuBefore, cpuSnapshot(serverPid, postmasterPid), firstPage['2xx'], firstPage.duration, 'request')}`);
  await stack.pgStats.report('the first-page run');
  // Searches of that history (the word index answers them): one that matches a few per cent of it, one whose matches
  // are all old, and one that matches nothing; the last two, walked newest first, would read all 100,000 rows.
  const matchCount = async (searched: string) => {
    const searchParams: unknown[] = [heavy.id];
    const [{ count }] = await rows<{ count: string }>(ds.manager, `SELECT count(*) FROM transactions WHERE customer_id = $1 AND ${transactionSearch(searched, searchParams)}`, searchParams);
    return fig(Number(count));
  };
  for (const [searched, title] of [
    ['Sender 42', `${await matchCount('Sender 42')} matches`],
    ['Landlord', `${await matchCount('Landlord')} old matches`],
    ['nomatch', 'nothing matches'],
  ]) {
    reportList(`  searched, ${title}`, await listRun(`/v1/transaction?page=1&pageSize=20&q=${encodeURIComponent(searched)}`, 5));
  }
}
