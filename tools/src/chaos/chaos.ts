// npm run chaos: a Jepsen-style bank test. PostgreSQL, two or more server processes behind a round-robin
// proxy, 100 clients moving money with Idempotency-Keys, and faults (kill -9, SIGSTOP, terminated database
// connections, a PostgreSQL restart) while they do. Then the history is checked against the ledger.
// CHAOS_TRANSFERS sets the size, CHAOS_DURATION_S a time bound; the last line is `chaos: N violations`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDataSource, runMigrations } from '@strongroom/server/db/data-source';
import { seedFxRates } from '@strongroom/server/modules/fx/fx.service';
import { loginCustomers, seedFundedCustomers, staffToken } from '../bench/harness';
import { CHAOS_ADMIN, Database, Servers, startProxy } from './cluster';
import { FAULT_KINDS, Faults, type FaultKind } from './faults';
import { availabilityChecks, balanceTotals, bookingChecks, ledgerChecks, loadBookings, replayCheck, type Check } from './checks';
import { Workload } from './workload';
import { systemCpuS } from './cpu';
import { ClusterFaults, CLUSTER_FAULT_KINDS, recoverySummary, type ClusterRecovery } from './cluster-faults';
import { replicaChecks, startChaosCluster } from './cluster-checks';
import type { PgCluster } from '../cluster/pg-cluster';

export interface ChaosOptions {
  transfers: number;
  durationS?: number;
  clients?: number;
  servers?: number;
  customers?: number;
  /** An external PostgreSQL (never restarted); without it the run starts an embedded one. */
  databaseUrl?: string;
  /** CHAOS_CLUSTER=1: a Patroni cluster instead of one PostgreSQL, and this many primaries lost at least. */
  cluster?: { failovers: number };
  /** Mean gap between two faults. */
  faultGapMs?: number;
  /** Where the history (one JSON line per request) is written; none when undefined. */
  historyPath?: string;
  /** A client's wait for one answer (default 10 s), and how long it retries one operation (default 120 s). */
  requestTimeoutMs?: number;
  retryWindowMs?: number;
  log?: (line: string) => void;
  /** True once the run should stop starting operations (npm run chaos: the first Ctrl-C or SIGTERM). */
  stopped?: () => boolean;
}

export interface ChaosReport {
  violations: number;
  checks: Check[];
  faults: Record<FaultKind, number>;
  /** Cluster mode: each fault of the cluster and how long until writes committed again. */
  clusterRecoveries: ClusterRecovery[];
  notes: string[];
  attempted: number;
  acknowledged: number;
  booked: number;
  requests: number;
  /** From the first operation until the last client finished (faults included). */
  seconds: number;
  /** CPU the whole system under test (clients, proxy, servers, PostgreSQL; restarts included) used per money operation. */
  cpuMsPerOperation: number;
  /** How long the checks took once the run stopped. */
  checkSeconds: number;
  /** The run's peak resident memory (this process: the clients, the proxy and the recorded operations). */
  peakRssMb: number;
}

export async function runChaos(opts: ChaosOptions): Promise<ChaosReport> {
  const log = opts.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'strongroom-chaos-'));
  let cluster: PgCluster | undefined;
  if (opts.cluster) cluster = await startChaosCluster(join(dir, 'cluster'), log);
  const db = new Database(dir, cluster?.readWriteUrl ?? opts.databaseUrl);
  const servers = new Servers(db, join(dir, 'data'));
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  const runId = randomBytes(4).toString('hex');
  try {
    await db.start();
    const ds = createDataSource(db.url, { poolSize: 4 });
    await ds.initialize();
    await runMigrations(ds);
    await seedFxRates(ds.manager);
    const clients = opts.clients ?? 100;
    const customers = await seedFundedCustomers(ds, servers.encryptionKey, opts.customers ?? Math.max(200, clients * 2), {
      fundingMinor: 1_000_000_00n,
      firstAccountNumber: 6_000_000_000 + Math.floor(Math.random() * 900_000_000),
    });
    await ds.destroy();
    await servers.startAll(opts.servers ?? 2);
    proxy = await startProxy(servers.list);
    await loginCustomers(proxy.base, customers);
    const staff = await staffToken(proxy.base, CHAOS_ADMIN.email, CHAOS_ADMIN.password, CHAOS_ADMIN.totpSecret);
    const before = await balanceTotals(db);
    log(
      `chaos ${runId}: ${servers.list.length} servers behind ${proxy.base}, ${customers.length} customers, ${clients} clients, ${opts.transfers} operations${opts.durationS ? ` or ${opts.durationS} s` : ''}`,
    );

    const clusterFaults = cluster && new ClusterFaults(cluster, log);
    const faults = new Faults(db, servers, log, clusterFaults && { faults: clusterFaults, failovers: opts.cluster!.failovers });
    const workload = new Workload({
      proxyBase: proxy.base,
      customers,
      staffToken: staff,
      clients,
      transfers: opts.transfers,
      durationMs: (opts.durationS ?? Number.POSITIVE_INFINITY) * 1000,
      keepGoing: () => !faults.scheduleDone(),
      historyPath: opts.historyPath,
      stopped: opts.stopped,
      requestTimeoutMs: opts.requestTimeoutMs,
      retryWindowMs: opts.retryWindowMs,
      runId,
    });
    const cpu = () =>
      systemCpuS(
        servers.list.map((s) => s.child?.pid),
        db.postmasterPid(),
      );
    const cpuBefore = cpu();
    const started = Date.now();
    let running = true;
    const faultLoop = faults.loop(() => running, opts.faultGapMs ?? 5_000);
    const rssMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
    await workload.run((n) => {
      if (n % (n >= 100_000 ? 10_000 : 1_000) === 0) log(`  ${n} operations started, ${Math.round((Date.now() - started) / 1000)} s, ${rssMb()} MB resident`);
    });
    running = false;
    await faultLoop;
    const seconds = (Date.now() - started) / 1000;
    const cpuSeconds = cpu() - cpuBefore;

    const checking = Date.now();
    const decided = workload.operations.filter((o) => o.kind === 'decide').map((o) => o.tag);
    const bookings = await loadBookings(db, runId, decided);
    const checks = [
      ...bookingChecks(workload.operations, bookings),
      replayCheck(workload.replaysCompared, workload.replayMismatchCount, workload.replayMismatches),
      ...(await ledgerChecks(db, before)),
      ...availabilityChecks(workload.serverErrors, faults.down, faults.recoveries, faults.crashes),
      ...(cluster && clusterFaults ? await replicaChecks(cluster, clusterFaults, opts.cluster!.failovers) : []),
    ];
    const transfers = workload.operations.filter((o) => o.kind === 'same' || o.kind === 'local');
    return {
      violations: checks.reduce((sum, c) => sum + c.violations, 0),
      checks,
      faults: faults.injected,
      clusterRecoveries: clusterFaults?.recoveries ?? [],
      notes: faults.notes,
      attempted: transfers.length,
      acknowledged: transfers.filter((o) => o.outcome === 'acked').length,
      booked: transfers.filter((o) => (bookings.counts[o.kind].get(o.tag) ?? 0) > 0).length,
      requests: workload.requests,
      seconds,
      checkSeconds: (Date.now() - checking) / 1000,
      cpuMsPerOperation: (cpuSeconds * 1000) / Math.max(1, workload.operations.length),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    await proxy?.close();
    await servers.stopAll();
    await db.close();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printReport(report: ChaosReport, print: (line: string) => void = console.log) {
  const kinds = report.clusterRecoveries.length > 0 ? [...FAULT_KINDS.filter((k) => k !== 'postgres-restart'), ...CLUSTER_FAULT_KINDS] : FAULT_KINDS;
  print(`faults injected: ${kinds.map((k) => `${k} ${report.faults[k]}`).join(', ')}`);
  for (const [i, r] of report.clusterRecoveries.entries()) print(`  cluster fault ${i + 1}: ${r.kind}, writes again after ${(r.ms / 1000).toFixed(1)} s [${r.from}] -> [${r.to}]`);
  const primaryLosses = report.clusterRecoveries.filter((r) => r.kind !== 'replica-restart');
  const summary = recoverySummary(primaryLosses);
  if (summary) print(`failovers: ${primaryLosses.length}, time to recovery (fault to first committed write) median ${(summary.median / 1000).toFixed(1)} s, max ${(summary.max / 1000).toFixed(1)} s`);
  for (const kind of CLUSTER_FAULT_KINDS) {
    const ofKind = recoverySummary(report.clusterRecoveries.filter((r) => r.kind === kind));
    if (ofKind) print(`  ${kind}: median ${(ofKind.median / 1000).toFixed(1)} s, max ${(ofKind.max / 1000).toFixed(1)} s`);
  }
  for (const note of report.notes) print(`note: ${note}`);
  print(`transfers: attempted ${report.attempted}, acknowledged ${report.acknowledged}, booked ${report.booked}; ${report.requests} requests in ${Math.round(report.seconds)} s`);
  const perSecond = Math.round((report.attempted * 10) / Math.max(1, report.seconds)) / 10;
  const cpuMs = Math.round(report.cpuMsPerOperation * 100) / 100;
  print(
    `rate: ${perSecond} transfers/s under faults; CPU ${cpuMs} ms per money operation (clients, proxy, servers and PostgreSQL); checks took ${Math.round(report.checkSeconds)} s; peak resident memory ${report.peakRssMb} MB`,
  );
  for (const c of report.checks) {
    print(`${c.violations === 0 ? 'ok  ' : 'FAIL'} ${c.name}: ${c.violations} violations`);
    for (const e of c.examples) print(`       ${e}`);
  }
  print(`chaos: ${report.violations} violations`);
}

async function main() {
  const numberFrom = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const historyDir = join(process.cwd(), 'artifacts', 'chaos');
  mkdirSync(historyDir, { recursive: true });
  const historyPath = process.env.CHAOS_HISTORY ?? join(historyDir, 'history.jsonl');
  // The first Ctrl-C (or SIGTERM) stops starting operations: those under way finish, the checks run on what was
  // done, and the processes the run started are stopped. A second one ends the script at once.
  let stopped = false;
  const stop = (signal: string) => {
    if (stopped) process.exit(130);
    stopped = true;
    console.log(`${signal}: no new operations; finishing those under way, then checking`);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const report = await runChaos({
    stopped: () => stopped,
    transfers: numberFrom('CHAOS_TRANSFERS') ?? 20_000,
    durationS: numberFrom('CHAOS_DURATION_S'),
    clients: numberFrom('CHAOS_CLIENTS'),
    servers: numberFrom('CHAOS_SERVERS'),
    databaseUrl: process.env.CHAOS_DATABASE_URL || undefined,
    cluster: process.env.CHAOS_CLUSTER === '1' ? { failovers: numberFrom('CHAOS_FAILOVERS') ?? 10 } : undefined,
    faultGapMs: numberFrom('CHAOS_FAULT_GAP_MS'),
    requestTimeoutMs: numberFrom('CHAOS_REQUEST_TIMEOUT_MS'),
    retryWindowMs: (numberFrom('CHAOS_RETRY_WINDOW_S') ?? 120) * 1000,
    historyPath: historyPath === '0' ? undefined : historyPath,
    log: (line) => console.log(line),
  });
  printReport(report);
  if (historyPath !== '0') console.log(`history: ${historyPath}`);
  // CHAOS_REPORT=file: the report as JSON, for the jest test that runs this script.
  if (process.env.CHAOS_REPORT) writeFileSync(process.env.CHAOS_REPORT, JSON.stringify(report));
  process.exit(report.violations > 0 ? 1 : 0);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    console.log('chaos: 1 violations (the run itself failed)');
    process.exit(1);
  });
}
