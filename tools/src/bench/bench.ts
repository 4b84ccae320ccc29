// npm run bench: how many transfers a second the whole stack (HTTP -> Fastify -> ledger -> PostgreSQL)
// sustains, at what latency, how fast the first page of a 100,000-row transaction list is, and how long the end of
// day takes over a million savings accounts (end-of-day.ts).
// Not part of npm test: it prints figures; nothing here asserts a timing.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '@strongroom/server/db/data-source';
import { freePort } from '@strongroom/server/db/embedded-postgres';
import { rows } from '@strongroom/server/common/sql';
import { seedFxRates } from '@strongroom/server/modules/fx/fx.service';
import { limitCpu, slowCores } from './cpu-limit';
import { loginCustomers, seedFundedCustomers } from './harness';
import { serverEnv, spawnServer, waitReady, withApplicationName } from './server-process';
import { fig } from './steady-rate';
import { GcTally } from './gc-tally';
import { seedHistory } from './history';
import { seedPopulation } from './population';
import { bracket, cpuPerTransfer, cpuSnapshot, cpuUsedS, preparePgbench, type PgbenchFigures } from './yardstick';
import { deltaOf, describeMachineDuring, describeWriteback, diskOf, readCounters } from './stall-sampler';
import { checkpoint, pgStatsReporter, printLedgerCheck, startBenchDatabase, walBytes } from './bench-database';
import { type Stack, closedLoopTransfers, listScenario, reportTransfers, steadyTransfers } from './scenarios';
import { endOfDayScenario } from './end-of-day';

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
/** Savings accounts the end of day runs over (end-of-day.ts; 0: no end of day). */
const END_OF_DAY_ACCOUNTS = Number(process.env.BENCH_EOD_ACCOUNTS ?? 1_000_000);
/** Of them, the accounts the month end (accrual and payment) runs over (end-of-day.ts): all of them unless said. */
const MONTH_END_ACCOUNTS = Number(process.env.BENCH_EOD_MONTH_END_ACCOUNTS ?? END_OF_DAY_ACCOUNTS);

/** BENCH_CORE_SHARE: the share of one core each process of the steady minute and the list may use (cpu-limit.ts). */
const CORE_SHARE = process.env.BENCH_CORE_SHARE ? Number(process.env.BENCH_CORE_SHARE) : undefined;
/** The server's connections name themselves, so that BENCH_CORE_SHARE finds their backends. */
const SERVER_APPLICATION_NAME = 'strongroom-bench-server';

/**
 * BENCH_CORE_SHARE: from here on the server, each of its PostgreSQL backends (its pool keeps them: none is opened in
 * the minute) and this load generator run as on a core 1/share times slower, each on its own (cpu-limit.ts,
 * slowCores). pgbench's yardstick has run by then, at the machine's own speed.
 */
async function slowTheStack(ds: DataSource, serverPid: number, share: number) {
  const backends = await rows<{ pid: number }>(ds.manager, 'SELECT pid FROM pg_stat_activity WHERE application_name = $1', [SERVER_APPLICATION_NAME]);
  const slowed = slowCores([serverPid, ...backends.map((backend) => backend.pid), process.pid], share);
  console.log(`BENCH_CORE_SHARE: the server, its ${backends.length} PostgreSQL backends and the load generator: ${slowed.description}`);
  return slowed;
}

/** The server in its own process, as in production, so that the load generator does not share its event loop. */
async function startServer(url: string, tmp: string, encryptionKey: Buffer) {
  const port = await freePort();
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server process there, for finding hot spots.
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  // BENCH_SERVER_NODE_ARGS="--trace-gc ..." passes Node flags to the server process.
  nodeArgs.push(...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean));
  // BENCH_DEBUG: the server notes when its event loop stalled (loop-probe.ts), to set beside the slow requests.
  const loopProbeFile = process.env.BENCH_DEBUG ? join(tmp, 'loop-probe.txt') : undefined;
  if (loopProbeFile) nodeArgs.push('--require', join(__dirname, 'loop-probe.js'));
  // --trace-gc (a line a collection) lets the steady run say how often and how long the server stopped to collect.
  const server = spawnServer(
    {
      ...serverEnv({
        databaseUrl: withApplicationName(url, SERVER_APPLICATION_NAME),
        port,
        dataDir: join(tmp, 'data'),
        sessionSecret: randomBytes(32).toString('hex'),
        encryptionKeyHex: encryptionKey.toString('hex'),
      }),
      ...(loopProbeFile ? { LOOP_PROBE_FILE: loopProbeFile } : {}),
    },
    ['--trace-gc', ...nodeArgs],
    'pipe',
  );
  // A bench that fails midway (process.exit below) must not leave its server running, idle or not, beside the next run.
  process.once('exit', () => server.kill('SIGKILL'));
  const gc = new GcTally(server);
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitReady(base, 30_000))) throw new Error('server did not start');
  return { server, gc, base, loopProbeFile };
}

/** The spread run's figures beside pgbench's, the runs just before and just after it (yardstick.ts, bracket). */
function printYardstick(peak: number, stackCpuPerTransferMs: number, before?: PgbenchFigures, after?: PgbenchFigures) {
  if (!before || !after) {
    console.log('pgbench not on PATH: skipping the TPC-B yardstick');
    return;
  }
  const yardstick = bracket(before, after);
  // CPU travels between machines better than throughput: what one transfer costs (server + PostgreSQL) against what
  // one TPC-B transaction costs (pgbench, the client, + PostgreSQL) on the same machine.
  const side = (figures: PgbenchFigures) => `${fig(figures.tps)} TPS, CPU per transaction (pgbench + PostgreSQL) ${fig(figures.cpuPerTransactionMs, 2)} ms`;
  console.log(`pgbench TPC-B (scale 10, ${CONNECTIONS} clients, ${DURATION_S} s): just before the spread run ${side(before)}; just after it ${side(after)}`);
  console.log(
    `Our spread transfers/s as a ratio of pgbench TPS (their mean, ${fig(yardstick.tps)}): ${fig(peak / yardstick.tps, 2)} (${fig(peak / before.tps, 2)} against the run before, ${fig(peak / after.tps, 2)} against the one after)`,
  );
  console.log(
    `CPU per transfer (server + PostgreSQL) ${fig(stackCpuPerTransferMs, 2)} ms as a ratio of pgbench's CPU per TPC-B transaction: ${yardstick.cpuPerTransactionMs > 0 ? fig(stackCpuPerTransferMs / yardstick.cpuPerTransactionMs, 2) : 'n/a'}`,
  );
}

async function main() {
  const cpuLimit = process.env.BENCH_CPUS ? limitCpu(Number(process.env.BENCH_CPUS)) : undefined;
  if (cpuLimit) console.log(cpuLimit.description);
  const tmp = mkdtempSync(join(tmpdir(), 'strongroom-bench-'));
  // BENCH_PG_SOCKET=1: the server, this process and pgbench reach the embedded PostgreSQL over a Unix socket, not TCP.
  // BENCH_PG_STATS=1 loads pg_stat_statements and prints where the database spent its time per scenario.
  const database = await startBenchDatabase(tmp, { pgStats: PG_STATS, socket: !!process.env.BENCH_PG_SOCKET });
  const { url, postmasterPid } = database;
  console.log(`PostgreSQL: ${url.replace(/:[^:@/]+@/, ':***@')}`);
  const ds = createDataSource(url, { poolSize: 40 });
  await ds.initialize();
  // What ran the figures below: throughput does not travel between machines, so each run names its machine.
  const [{ server_version: postgresVersion }] = await rows<{ server_version: string }>(ds.manager, 'SHOW server_version');
  const cores = cpus();
  const writeback = describeWriteback();
  console.log(
    `Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown'}), ${fig(totalmem() / 2 ** 30)} GiB; Node ${process.version}; PostgreSQL ${postgresVersion.split(' ')[0]}${writeback ? `; ${writeback}` : ''}`,
  );
  await runMigrations(ds);
  await seedFxRates(ds.manager);
  for (const statement of (process.env.BENCH_SQL ?? '').split(';').filter((text) => text.trim())) await ds.query(statement);
  if (PG_STATS) await ds.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const encryptionKey = randomBytes(32);
  const { server, gc, base, loopProbeFile } = await startServer(url, tmp, encryptionKey);

  const customers = await seedFundedCustomers(ds, encryptionKey, ACCOUNTS);
  const populationS = await seedPopulation(ds, POPULATION);
  const historyS = await seedHistory(ds, customers, HISTORY_TRANSFERS);
  await loginCustomers(base, customers);
  console.log(
    `Seeded ${ACCOUNTS} funded customers among ${fig(POPULATION)} others and ${fig(HISTORY_TRANSFERS)} transfers of history (${fig(populationS + historyS)} s); ${CONNECTIONS} connections, ${DURATION_S} s per scenario.`,
  );
  const stack: Stack = { ds, base, serverPid: server.pid, postmasterPid, customers, cpuLimitDirectory: cpuLimit?.directory, tmp, pgStats: pgStatsReporter(ds, PG_STATS), gc, loopProbeFile };
  const anyone = () => Math.floor(Math.random() * customers.length);
  // The yardstick runs just before and just after the spread run it is compared with (yardstick.ts, bracket); the
  // warm-up after the first brings the server's pages back into PostgreSQL's buffers.
  const pgbench = preparePgbench(url, postmasterPid);
  await checkpoint(ds);
  const yardstickBefore = pgbench?.run(CONNECTIONS, DURATION_S);
  // Unmeasured warm-up: the server's JIT, every pooled connection's prepared statements and plans.
  await closedLoopTransfers(stack, anyone, CONNECTIONS, 3);
  await checkpoint(ds);
  const walBefore = await walBytes(ds);
  const cpuBefore = cpuSnapshot(server.pid, postmasterPid);
  const disk = diskOf(tmp);
  const machineBefore = readCounters(server.pid, cpuLimit?.directory, disk);
  await stack.pgStats.reset();
  const spread = await closedLoopTransfers(stack, anyone, CONNECTIONS, DURATION_S);
  const peak = reportTransfers('Same-bank transfers, spread accounts', spread);
  const cpuAfter = cpuSnapshot(server.pid, postmasterPid);
  const machineAfter = readCounters(server.pid, cpuLimit?.directory, disk);
  const stackCpuPerTransferMs = (cpuUsedS(cpuBefore, cpuAfter, { loadGenerator: false }) * 1000) / Math.max(1, spread['2xx']);
  console.log(`  ${cpuPerTransfer(cpuBefore, cpuAfter, spread['2xx'], spread.duration)}; WAL ${fig(Number((await walBytes(ds)) - walBefore) / Math.max(1, spread['2xx']))} bytes`);
  // The ratio below rests on this run: when it is slow with the cores idle, this says what it waited for.
  console.log(`  ${describeMachineDuring(deltaOf(machineBefore, machineAfter), cpuUsedS(cpuBefore, cpuAfter) * 1000, spread.duration)}`);
  await stack.pgStats.report('the spread run', { seconds: spread.duration, transfers: spread['2xx'] });
  const yardstickAfter = pgbench?.run(CONNECTIONS, DURATION_S);
  // pgbench's tables pushed the server's pages out of PostgreSQL's buffers again: warmed up as after the first run.
  if (yardstickAfter) await closedLoopTransfers(stack, anyone, CONNECTIONS, 3);
  await checkpoint(ds);
  reportTransfers('Same-bank transfers, one hot recipient', await closedLoopTransfers(stack, () => 0, CONNECTIONS, DURATION_S));
  // BENCH_HALF_RATE fixes the steady run's rate (and BENCH_HALF_S its length), so two builds compare at the same load
  // whatever their peaks were.
  const fixedRate = process.env.BENCH_HALF_RATE ? Number(process.env.BENCH_HALF_RATE) : undefined;
  // A minute by default, not a scenario's DURATION_S: over 15 s at ~500-1,000/s the p99 is the worst 75-150 requests,
  // which one stall of the machine decides, and the 15 s right after a checkpoint are its heaviest. The run prints each
  // 15 s window's p99 as well, the worst of which is what the shorter run would have given.
  const halfDurationS = process.env.BENCH_HALF_S ? Number(process.env.BENCH_HALF_S) : Math.max(DURATION_S, HALF_PEAK_DEFAULT_S);
  const slowed = CORE_SHARE && server.pid ? await slowTheStack(ds, server.pid, CORE_SHARE) : undefined;
  const halfRate = fixedRate ?? Math.max(1, Math.floor(peak / 2));
  await steadyTransfers(stack, { rate: halfRate, durationS: halfDurationS, fixed: !!fixedRate, pgbench, connections: CONNECTIONS });
  await printLedgerCheck(ds);
  await listScenario(stack, LIST_ROWS);
  if (slowed) console.log(`BENCH_CORE_SHARE: the slowed processes were held back ${fig(slowed.restore().throttledMs)} ms in all`);
  // Last, so that its million accounts change none of the figures above; then the ledger must still add up.
  if (END_OF_DAY_ACCOUNTS > 0) {
    await endOfDayScenario(stack, { accounts: END_OF_DAY_ACCOUNTS, monthEndAccounts: MONTH_END_ACCOUNTS, halfRate });
    await printLedgerCheck(ds);
  }

  const serverExited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await serverExited;
  printYardstick(peak, stackCpuPerTransferMs, yardstickBefore, yardstickAfter);
  await ds.destroy();
  if (database.stop) await database.stop();
  rmSync(tmp, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
