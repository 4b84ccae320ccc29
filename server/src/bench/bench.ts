// npm run bench: how many transfers a second the whole stack (HTTP -> Fastify -> ledger -> PostgreSQL)
// sustains, at what latency, and how fast the first page of a 100,000-row transaction list is.
// Not part of npm test: it prints figures; nothing here asserts a timing.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { createDataSource, runMigrations } from '../db/data-source';
import { freePort, startEmbeddedPostgres } from '../db/embedded-postgres';
import { rows } from '../common/sql';
import { withTransaction } from '../db/transaction';
import { internalAccountId, postJournal, newReference } from '../modules/ledger/ledger.service';
import { seedFxRates } from '../modules/fx/fx.service';
import { transactionSearch } from '../modules/transactions/transactions.service';
import { limitCpu } from './cpu-limit';
import { HARNESS_PIN, loginCustomers, seedFundedCustomers, serverEnv, spawnServer, waitReady } from './harness';
import { STEADY_WINDOW_S, fig, steadyRate } from './steady-rate';
import { sampleActivity } from './activity-sampler';
import { GcTally } from './gc-tally';
import { type CounterDeltas, diskOf, sampleStalls } from './stall-sampler';
import { describeSlowSeconds, sampleSeconds, windowTotals } from './second-sampler';
import { seedHistory } from './history';
import { seedPopulation } from './population';
import { bracket, cpuPerTransfer, cpuSnapshot, postmasterPidOf, preparePgbench, type PgbenchFigures } from './yardstick';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
/** The steady half-peak run's length unless BENCH_HALF_S sets it (see where it is used). */
const HALF_PEAK_DEFAULT_S = 60;
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const HISTORY_TRANSFERS = Number(process.env.BENCH_HISTORY_TRANSFERS ?? 1_000_000);
/** Customers beside the funded ones who never sign in: a bank's size of customers and accounts (population.ts). */
const POPULATION = Number(process.env.BENCH_POPULATION ?? 100_000);
const PG_STATS = process.env.BENCH_PG_STATS === '1';
const PIN = HARNESS_PIN;

function pct(result: autocannon.Result, p: 'p50' | 'p99' | 'p97_5' | 'p90') {
  return (result.latency as unknown as Record<string, number>)[p];
}

async function main() {
  const cpuLimit = process.env.BENCH_CPUS ? limitCpu(Number(process.env.BENCH_CPUS)) : undefined;
  if (cpuLimit) console.log(cpuLimit.description);
  const tmp = mkdtempSync(join(tmpdir(), 'strongroom-bench-'));
  // BENCH_PG_SOCKET=1: the server, this process and pgbench reach the embedded PostgreSQL over a Unix socket, not TCP.
  const socketDir = process.env.BENCH_PG_SOCKET ? join(tmp, 'sock') : undefined;
  if (socketDir) {
    mkdirSync(socketDir);
    chmodSync(socketDir, 0o777); // run as root, PostgreSQL runs as the postgres user
  }
  let stopPg: (() => Promise<void>) | undefined;
  let url = process.env.BENCH_DATABASE_URL;
  let postmasterPid: number | undefined;
  if (!url) {
    // BENCH_PG_STATS=1 loads pg_stat_statements and prints where the database spent its time per scenario.
    const pg = await startEmbeddedPostgres(tmp, {
      flags: [
        ...(PG_STATS ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all', '-c', 'pg_stat_statements.track_planning=on'] : []),
        ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      ],
      log: (l) => {
        if (process.env.BENCH_PG_LOG) console.log('pg:', l);
      },
    });
    url = pg.url;
    if (socketDir) url = `${url}?host=${encodeURIComponent(socketDir)}`;
    stopPg = pg.stop;
    postmasterPid = postmasterPidOf(join(tmp, 'pg'));
  }
  console.log(`PostgreSQL: ${url.replace(/:[^:@/]+@/, ':***@')}`);
  const ds = createDataSource(url, { poolSize: 40 });
  await ds.initialize();
  // What ran the figures below: throughput does not travel between machines, so each run names its machine.
  const [{ server_version: postgresVersion }] = await rows<{ server_version: string }>(ds.manager, 'SHOW server_version');
  const cores = cpus();
  console.log(`Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown'}), ${fig(totalmem() / 2 ** 30)} GiB; Node ${process.version}; PostgreSQL ${postgresVersion.split(' ')[0]}`);
  await runMigrations(ds);
  await seedFxRates(ds.manager);
  for (const stmt of (process.env.BENCH_SQL ?? '').split(';').filter((x) => x.trim())) await ds.query(stmt);
  if (PG_STATS) await ds.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  /**
   * The statements that took most of the database's time since the last call, per call. With `run` (a transfer run's
   * length and transfers booked), also how much of it the ledger's one booking connection spent executing
   * post_journals() and how many transfers a call carried: the batches go one at a time, so that share is how close
   * the ledger is to its ceiling (the rest of each batch's round trip, parameters, commit and the server's own turn,
   * is not in it).
   */
  const pgStats = async (title: string, run?: { seconds: number; transfers: number }) => {
    if (!PG_STATS) return;
    if (run) {
      const [booking] = await rows<{ calls: string; total_ms: string }>(
        ds.manager,
        `SELECT sum(calls)::text AS calls, sum(total_exec_time)::text AS total_ms FROM pg_stat_statements WHERE toplevel AND query LIKE 'SELECT post_journals(%'`,
      );
      if (Number(booking.calls) > 0)
        console.log(`  booking statement: executing ${fig((100 * Number(booking.total_ms)) / (run.seconds * 1000))}% of the run, ${fig(run.transfers / Number(booking.calls), 1)} transfers a call`);
    }
    const top = await rows<{ calls: string; mean_ms: string; max_ms: string; total_ms: string; plans: string; plan_ms: string; query: string }>(
      ds.manager,
      `SELECT calls::text, round(mean_exec_time::numeric, 3)::text AS mean_ms, round(max_exec_time::numeric, 1)::text AS max_ms, round(total_exec_time::numeric)::text AS total_ms,
              plans::text, round(total_plan_time::numeric)::text AS plan_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
         FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT ${Number(process.env.BENCH_PG_STATS_TOP ?? 16)}`,
    );
    console.log(`  database time during ${title}:`);
    for (const t of top)
      console.log(
        `    ${t.total_ms.padStart(6)} ms  ${t.calls.padStart(7)} calls  ${t.mean_ms.padStart(7)} ms/call  max ${t.max_ms.padStart(6)} ms  planned ${t.plans.padStart(6)} times (${t.plan_ms} ms)  ${t.query}`,
      );
    await ds.query('SELECT pg_stat_statements_reset()');
  };
  // The server runs in its own process, as in production, so the load generator does not share its event loop.
  const encryptionKey = randomBytes(32);
  const port = await freePort();
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server process there, for finding hot spots.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  // BENCH_SERVER_NODE_ARGS="--trace-gc ..." passes Node flags to the server process.
  profile.push(...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean));
  // BENCH_DEBUG: the server notes when its event loop stalled (loop-probe.ts), to set beside the slow requests.
  const loopProbeFile = process.env.BENCH_DEBUG ? join(tmp, 'loop-probe.txt') : undefined;
  if (loopProbeFile) profile.push('--require', join(__dirname, 'loop-probe.js'));
  // --trace-gc (a line a collection) lets the steady run say how often and how long the server stopped to collect.
  const server = spawnServer(
    {
      ...serverEnv({ databaseUrl: url, port, dataDir: join(tmp, 'data'), sessionSecret: randomBytes(32).toString('hex'), encryptionKeyHex: encryptionKey.toString('hex') }),
      ...(loopProbeFile ? { LOOP_PROBE_FILE: loopProbeFile } : {}),
    },
    ['--trace-gc', ...profile],
    'pipe',
  );
  // A bench that fails midway (process.exit below) must not leave its server running, idle or not, beside the next run.
  process.once('exit', () => server.kill('SIGKILL'));
  const gc = new GcTally(server);
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitReady(base, 30_000))) throw new Error('server did not start');

  const customers = await seedFundedCustomers(ds, encryptionKey, ACCOUNTS);
  const populationS = await seedPopulation(ds, POPULATION);
  const historyS = await seedHistory(ds, customers, HISTORY_TRANSFERS);
  await loginCustomers(base, customers);
  console.log(
    `Seeded ${ACCOUNTS} funded customers among ${fig(POPULATION)} others and ${fig(HISTORY_TRANSFERS)} transfers of history (${fig(populationS + historyS)} s); ${CONNECTIONS} connections, ${DURATION_S} s per scenario.`,
  );

  const transferRun = (title: string, pickRecipient: (fromIndex: number) => number, durationS = DURATION_S) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const inst = autocannon(
        {
          url: `${base}/v1/transfer/same`,
          connections: CONNECTIONS,
          duration: durationS,
          requests: [
            {
              method: 'POST',
              setupRequest: (req: autocannon.Request) => {
                const from = Math.floor(Math.random() * customers.length);
                let to = pickRecipient(from);
                if (to === from) to = (from + 1) % customers.length;
                return {
                  ...req,
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${customers[from].token}`, 'idempotency-key': randomUUID() },
                  body: JSON.stringify({ recipientAccountNumber: customers[to].accountNumber, amount: '1.25', pin: PIN }),
                } as autocannon.Request;
              },
            },
          ],
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      void inst;
      void title;
    });

  const report = (title: string, r: autocannon.Result) => {
    const ok = r['2xx'];
    const rate = ok / (r.duration || DURATION_S);
    console.log(
      `${title.padEnd(38)} ${fig(rate).padStart(6)} transfers/s  p50 ${String(pct(r, 'p50')).padStart(4)} ms  p99 ${String(pct(r, 'p99')).padStart(4)} ms  (non-2xx ${r.non2xx}, errors ${r.errors})`,
    );
    return rate;
  };

  /**
   * Each scenario starts just after a checkpoint, as a long-running server is somewhere in its checkpoint
   * cycle: the WAL written so far becomes segments to reuse (see min_wal_size in embedded-postgres), and
   * pages are logged whole again on first change (the most WAL a transfer ever writes).
   */
  const checkpoint = async () => {
    try {
      await ds.query('CHECKPOINT');
    } catch {
      /* BENCH_DATABASE_URL without the right to checkpoint: its own cycle applies */
    }
  };
  // The yardstick runs just before and just after the spread run it is compared with (yardstick.ts, bracket); the
  // warm-up after the first brings the server's pages back into PostgreSQL's buffers.
  const pgbench = preparePgbench(url, postmasterPid);
  await checkpoint();
  const yardstickBefore: PgbenchFigures | undefined = pgbench?.run(CONNECTIONS, DURATION_S);
  // Unmeasured warm-up: the server's JIT, every pooled connection's prepared statements and plans.
  await transferRun('warm-up', () => Math.floor(Math.random() * customers.length), 3);
  const walBytes = async () => {
    // wal_sync_time and wal_write_time are counted only with track_wal_io_timing on (e.g. through BENCH_SQL).
    const [wal] = await rows<{ bytes: string; records: string; images: string; writes: string; write_ms: string; syncs: string; sync_ms: string }>(
      ds.manager,
      `SELECT wal_bytes::text AS bytes, wal_records::text AS records, wal_fpi::text AS images, wal_write::text AS writes, wal_write_time::text AS write_ms,
              wal_sync::text AS syncs, wal_sync_time::text AS sync_ms FROM pg_stat_wal`,
    );
    if (process.env.BENCH_DEBUG)
      console.log(`  WAL so far: ${wal.records} records, ${wal.images} full-page images, ${wal.bytes} bytes; ${wal.writes} writes (${wal.write_ms} ms), ${wal.syncs} syncs (${wal.sync_ms} ms)`);
    return BigInt(wal.bytes);
  };
  // Connections opened to the database so far (pg_stat_database.sessions, PostgreSQL 14 and later): a pool that opens
  // new ones mid-run pays each one's start (a backend, its caches, its plans) while the requests wait.
  const sessionsOpened = async () => {
    const [{ sessions }] = await rows<{ sessions: string | null }>(ds.manager, `SELECT sessions::text FROM pg_stat_database WHERE datname = current_database()`);
    return Number(sessions ?? 0);
  };
  await checkpoint();
  const walBefore = await walBytes();
  const cpuBefore = cpuSnapshot(server.pid, postmasterPid);
  if (PG_STATS) await ds.query('SELECT pg_stat_statements_reset()');
  const spread = await transferRun('spread', () => Math.floor(Math.random() * customers.length));
  const peak = report('Same-bank transfers, spread accounts', spread);
  const cpuAfter = cpuSnapshot(server.pid, postmasterPid);
  const stackCpuPerTransferMs = ((cpuAfter.serverS - cpuBefore.serverS + cpuAfter.postgresS - cpuBefore.postgresS) * 1000) / Math.max(1, spread['2xx']);
  console.log(`  ${cpuPerTransfer(cpuBefore, cpuAfter, spread['2xx'], spread.duration)}; WAL ${fig(Number((await walBytes()) - walBefore) / Math.max(1, spread['2xx']))} bytes`);
  await pgStats('the spread run', { seconds: spread.duration, transfers: spread['2xx'] });
  const yardstickAfter: PgbenchFigures | undefined = pgbench?.run(CONNECTIONS, DURATION_S);
  // pgbench's tables pushed the server's pages out of PostgreSQL's buffers again: warmed up as after the first run.
  if (yardstickAfter) await transferRun('warm-up', () => Math.floor(Math.random() * customers.length), 3);
  await checkpoint();
  const hot = await transferRun('hot', () => 0);
  report('Same-bank transfers, one hot recipient', hot);
  // BENCH_HALF_RATE fixes the steady run's rate (and BENCH_HALF_S its length), so two builds compare at the same load
  // whatever their peaks were.
  const fixedRate = process.env.BENCH_HALF_RATE ? Number(process.env.BENCH_HALF_RATE) : undefined;
  const halfRate = fixedRate ?? Math.max(1, Math.floor(peak / 2));
  // A minute by default, not a scenario's DURATION_S: over 15 s at ~500-1,000/s the p99 is the worst 75-150 requests,
  // which one stall of the machine decides, and the 15 s right after a checkpoint are its heaviest. The run prints each
  // 15 s window's p99 as well, the worst of which is what the shorter run would have given.
  const halfDurationS = process.env.BENCH_HALF_S ? Number(process.env.BENCH_HALF_S) : Math.max(DURATION_S, HALF_PEAK_DEFAULT_S);
  await checkpoint();
  if (PG_STATS) await ds.query('SELECT pg_stat_statements_reset()');
  const sampler = process.env.BENCH_DEBUG ? sampleActivity(ds) : undefined;
  const stalls = process.env.BENCH_DEBUG ? sampleStalls(server.pid, cpuLimit?.directory) : undefined;
  const halfCpuBefore = cpuSnapshot(server.pid, postmasterPid);
  const sessionsBefore = await sessionsOpened();
  gc.start();
  const machineSeconds = sampleSeconds(server.pid, postmasterPid, cpuLimit?.directory, diskOf(tmp));
  const half = await steadyRate(new URL(`${base}/v1/transfer/same`), halfRate, halfDurationS, () => {
    const from = Math.floor(Math.random() * customers.length);
    let to = Math.floor(Math.random() * customers.length);
    if (to === from) to = (from + 1) % customers.length;
    return {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customers[from].token}`, 'idempotency-key': randomUUID() },
      payload: JSON.stringify({ recipientAccountNumber: customers[to].accountNumber, amount: '1.25', pin: PIN }),
    };
  });
  console.log(
    `${(fixedRate ? `Spread at a steady ${halfRate}/s (fixed)` : `Spread at a steady half of the peak (${halfRate}/s)`).padEnd(38)} ${fig(half.ratePerS).padStart(6)} transfers/s  p50 ${fig(half.p50).padStart(4)} ms  p99 ${fig(half.p99).padStart(4)} ms  (failed ${half.failed}; sent late by p99 ${fig(half.sendLagP99)} ms)`,
  );
  if (half.windowP99s.length > 1) console.log(`  p99 in each ${STEADY_WINDOW_S} s of it: ${half.windowP99s.map((ms) => `${fig(ms)} ms`).join(', ')} (worst ${fig(Math.max(...half.windowP99s))} ms)`);
  const seconds = machineSeconds();
  const windows = windowTotals(seconds, STEADY_WINDOW_S);
  const each = (key: keyof CounterDeltas) => windows.map((window) => fig(window[key])).join(', ');
  console.log(
    `  the machine in each ${STEADY_WINDOW_S} s (ms of core time): steal ${each('stealMs')}; the server's main thread waiting for a core ${each('serverWaitMs')}${cpuLimit ? `; held back by the CPU limit ${each('throttledMs')}` : ''}; the data's disk busy ${each('diskBusyMs')}`,
  );
  for (const line of describeSlowSeconds(seconds, half.slowBySecond, !!cpuLimit)) console.log(`  ${line}`);

  console.log(`  ${cpuPerTransfer(halfCpuBefore, cpuSnapshot(server.pid, postmasterPid), half.ok, half.elapsedS)}; connections opened to PostgreSQL ${(await sessionsOpened()) - sessionsBefore}`);
  const collected = gc.stop();
  console.log(
    `  server GC: ${collected.scavenges} scavenges (${fig(collected.scavengePauseMs)} ms in all, longest ${fig(collected.longestScavengeMs, 1)} ms), ${collected.markCompacts} mark-compact${collected.markCompacts === 1 ? '' : 's'} (longest pause ${fig(collected.longestMarkCompactMs, 1)} ms)`,
  );
  if (sampler) await sampler(half.startEpochMs, half.slowBuckets);
  if (stalls) stalls(half.startEpochMs, half.slowBuckets, loopProbeFile);
  if (process.env.BENCH_DEBUG) await walBytes();
  await pgStats('the steady half-peak run', { seconds: half.elapsedS, transfers: half.ok });
  // The same machine's tail for a plain workload at the same rate, just after: a p99 that pgbench's TPC-B misses as
  // well was the machine's minute (steal, the disk), not the server's.
  const pgbenchSteady = pgbench?.runAtRate(CONNECTIONS, halfRate, halfDurationS, STEADY_WINDOW_S);
  if (pgbenchSteady)
    console.log(
      `  pgbench TPC-B at the same ${halfRate}/s just after (${fig(pgbenchSteady.ratePerS)}/s): p50 ${fig(pgbenchSteady.p50)} ms  p99 ${fig(pgbenchSteady.p99)} ms; in each ${STEADY_WINDOW_S} s: ${pgbenchSteady.windowP99s.map((ms) => `${fig(ms)} ms`).join(', ')}`,
    );

  // The ledger must still add up after the load.
  const [{ drift }] = await rows<{ drift: string }>(
    ds.manager,
    `SELECT count(*) AS drift FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) s FROM postings GROUP BY account_id) p ON p.account_id = a.id WHERE a.balance_minor <> coalesce(p.s,0)`,
  );
  const [{ total }] = await rows<{ total: string }>(ds.manager, `SELECT sum(balance_minor)::text AS total FROM ledger_accounts`);
  console.log(`Ledger check after load: accounts drifting from their postings: ${drift}; sum of all balances: ${total} (must be 0)`);

  // A customer with 100,000 transactions: bulk-booked through the same tables and triggers.
  const heavy = customers[customers.length - 1];
  const started = Date.now();
  await ds.query(`SET session_replication_role = DEFAULT`);
  const settlement = await internalAccountId(ds.manager, 'settlement', 'USD');
  const BATCH = 5000;
  for (let done = 0; done < LIST_ROWS; done += BATCH) {
    const n = Math.min(BATCH, LIST_ROWS - done);
    await withTransaction(ds, async (m) => {
      // One balanced journal per batch keeps seeding fast; each row is a customer-visible credit.
      const ref = newReference('BULK');
      await postJournal(m, {
        kind: 'incoming',
        reference: ref,
        description: 'bench bulk',
        postings: [
          { accountId: settlement, amountMinor: -BigInt(n) * 100n, currency: 'USD' },
          { accountId: heavy.accountId, amountMinor: BigInt(n) * 100n, currency: 'USD' },
        ],
      });
      await m.query(
        `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, recipient, channel, created_at)
         SELECT $1 || lpad(g::text, 7, '0'), $2, $3, 'credit', 'incoming', 'success', 'Payment ' || g, 'Incoming transfer', 100, 'USD', 'Sender ' || (g % 97), 'Staff console', now() - make_interval(mins => g)
           FROM generate_series($4::int, $5::int) g`,
        [ref, heavy.id, heavy.accountId, done + 1, done + n],
      );
    });
  }
  // What autovacuum does to a table this size soon after a load: statistics and the visibility map
  // (so the capped count can read the index alone).
  await ds.query('VACUUM (ANALYZE) transactions');
  console.log(`Booked ${LIST_ROWS} transactions for one customer in ${fig((Date.now() - started) / 1000, 1)} s`);
  const listRun = (path: string, durationS: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon({ url: `${base}${path}`, connections: 4, duration: durationS, headers: { authorization: `Bearer ${heavy.token}` } }, (err, result) => (err ? reject(err) : resolve(result)));
    });
  const reportList = (title: string, result: autocannon.Result) =>
    console.log(
      `${title.padEnd(38)} ${fig(result['2xx'] / result.duration).padStart(6)} req/s        p50 ${String(pct(result, 'p50')).padStart(4)} ms  p99 ${String(pct(result, 'p99')).padStart(4)} ms  (non-2xx ${result.non2xx})`,
    );
  if (PG_STATS) await ds.query('SELECT pg_stat_statements_reset()');
  const listCpuBefore = cpuSnapshot(server.pid, postmasterPid);
  const firstPage = await listRun('/v1/transaction?page=1&pageSize=20', 10);
  reportList(`Transaction list, first page of ${fig(LIST_ROWS)}`, firstPage);
  console.log(`  ${cpuPerTransfer(listCpuBefore, cpuSnapshot(server.pid, postmasterPid), firstPage['2xx'], firstPage.duration, 'request')}`);
  await pgStats('the first-page run');
  // Searches of that history (the word index answers them): one that matches a few per cent of it, and one that
  // matches nothing, which without the index would read all 100,000 rows.
  const searched = 'Sender 42';
  const searchParams: unknown[] = [heavy.id];
  const [{ count: matches }] = await rows<{ count: string }>(ds.manager, `SELECT count(*) FROM transactions WHERE customer_id = $1 AND ${transactionSearch(searched, searchParams)}`, searchParams);
  reportList(`  searched, ${fig(Number(matches))} matches`, await listRun(`/v1/transaction?page=1&pageSize=20&q=${encodeURIComponent(searched)}`, 5));
  reportList(`  searched, nothing matches`, await listRun('/v1/transaction?page=1&pageSize=20&q=nomatch', 5));

  const serverExited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await serverExited;

  if (yardstickBefore && yardstickAfter) {
    const yardstick = bracket(yardstickBefore, yardstickAfter);
    // CPU travels between machines better than throughput: what one transfer costs (server + PostgreSQL) against what
    // one TPC-B transaction costs (pgbench, the client, + PostgreSQL) on the same machine.
    const side = (figures: PgbenchFigures) => `${fig(figures.tps)} TPS, CPU per transaction (pgbench + PostgreSQL) ${fig(figures.cpuPerTransactionMs, 2)} ms`;
    console.log(`pgbench TPC-B (scale 10, ${CONNECTIONS} clients, ${DURATION_S} s): just before the spread run ${side(yardstickBefore)}; just after it ${side(yardstickAfter)}`);
    console.log(
      `Our spread transfers/s as a ratio of pgbench TPS (their mean, ${fig(yardstick.tps)}): ${fig(peak / yardstick.tps, 2)} (${fig(peak / yardstickBefore.tps, 2)} against the run before, ${fig(peak / yardstickAfter.tps, 2)} against the one after)`,
    );
    console.log(
      `CPU per transfer (server + PostgreSQL) ${fig(stackCpuPerTransferMs, 2)} ms as a ratio of pgbench's CPU per TPC-B transaction: ${yardstick.cpuPerTransactionMs > 0 ? fig(stackCpuPerTransferMs / yardstick.cpuPerTransactionMs, 2) : 'n/a'}`,
    );
  } else {
    console.log('pgbench not on PATH: skipping the TPC-B yardstick');
  }
  await ds.destroy();
  if (stopPg) await stopPg();
  rmSync(tmp, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
