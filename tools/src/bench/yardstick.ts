// The machine's yardstick for npm run bench: where the CPU goes (server, PostgreSQL, load generator), and pgbench's
// TPC-B on the same PostgreSQL, run just before the transfers it is compared with.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, tmpdir } from 'node:os';
import { fig, latencyFigures } from './steady-rate';

/**
 * utime + stime (and, with `children`, cutime + cstime: its reaped children) of a process, in seconds, and its reaped
 * children's alone (`reapedS`); undefined when gone.
 */
export function procCpuS(pid: string | number, children = false, procDirectory = '/proc'): { comm: string; ppid: number; s: number; reapedS: number } | undefined {
  try {
    const stat = readFileSync(`${procDirectory}/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const reapedTicks = Number(f[13] ?? 0) + Number(f[14] ?? 0);
    const ticks = Number(f[11]) + Number(f[12]) + (children ? reapedTicks : 0);
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ppid: Number(f[1]), s: ticks / TICKS_PER_S, reapedS: reapedTicks / TICKS_PER_S };
  } catch {
    return undefined;
  }
}
const TICKS_PER_S = 100;

/**
 * CPU seconds of one PostgreSQL cluster: its postmaster (with the backends it has reaped) and its live
 * backends, found by parent pid. Without a postmaster pid (BENCH_DATABASE_URL), every process named
 * postgres on the machine, which on a shared machine also counts other people's databases.
 */
function postgresCpuS(postmasterPid: number | undefined) {
  let total = postmasterPid ? (procCpuS(postmasterPid, true)?.s ?? 0) : 0;
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const p = procCpuS(pid);
      if (!p) continue;
      if (postmasterPid ? p.ppid === postmasterPid : p.comm === 'postgres') total += p.s;
    }
  } catch {
    /* no /proc */
  }
  return total;
}

/** The postmaster's pid: the first line of postmaster.pid in the data directory. */
export function postmasterPidOf(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by the server process, by the benchmark's PostgreSQL and by this load generator
 * (Linux /proc; on two cores they share, where each one's time goes is what limits the rate).
 */
export function cpuSnapshot(serverPid: number | undefined, postmasterPid: number | undefined) {
  const self = process.cpuUsage();
  return { serverS: serverPid ? (procCpuS(serverPid)?.s ?? 0) : 0, postgresS: postgresCpuS(postmasterPid), loadS: (self.user + self.system) / 1e6, childrenS: childrenCpuS(TICKS_PER_S) };
}

/** CPU seconds of this process's finished children (pgbench): cutime + cstime in /proc/self/stat. */
function childrenCpuS(ticksPerS: number) {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / ticksPerS;
  } catch {
    return 0;
  }
}

/** CPU seconds the server and PostgreSQL used between two snapshots, and this load generator too unless told not to. */
export function cpuUsedS(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>, { loadGenerator = true } = {}): number {
  return after.serverS - before.serverS + after.postgresS - before.postgresS + (loadGenerator ? after.loadS - before.loadS : 0);
}

/**
 * CPU per transfer of the server, PostgreSQL and this load generator between two snapshots; with the wall time between
 * them, also how busy the three kept the machine's cores (a rate that is half the peak does not leave half the cores
 * idle: small batches cost more a transfer).
 */
export function cpuPerTransfer(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>, transfers: number, wallS?: number, unit = 'transfer') {
  const ms = (a: number, b: number) => fig(((b - a) * 1000) / Math.max(1, transfers), 2);
  const usedS = cpuUsedS(before, after);
  const busy = wallS ? `; cores ${fig((100 * usedS) / (wallS * availableParallelism()))}% busy` : '';
  return `CPU per ${unit}: server ${ms(before.serverS, after.serverS)} ms, PostgreSQL ${ms(before.postgresS, after.postgresS)} ms, load generator ${ms(before.loadS, after.loadS)} ms${busy}`;
}

export interface PgbenchFigures {
  tps: number;
  /** CPU per TPC-B transaction, pgbench (the client) and PostgreSQL together. */
  cpuPerTransactionMs: number;
}

/**
 * pgbench TPC-B (scale 10) on the benchmark's PostgreSQL, in a database of its own made for each run; undefined when
 * pgbench is not on PATH. The runs are timed by the caller: just before and just after the run they are compared with
 * (bracket), as the machine's speed can wander by a factor of two within minutes (a shared, virtual machine), and a
 * ratio of figures taken minutes apart measures that wander as much as the server.
 */
export function preparePgbench(url: string, postmasterPid: number | undefined): Pgbench | undefined {
  if (spawnSync('pgbench', ['--version']).status !== 0) return undefined;
  const target = new URL(url);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(target.password) };
  // A `host` parameter names a Unix socket's directory (BENCH_PG_SOCKET): pgbench goes the way the server goes.
  const args = ['-h', target.searchParams.get('host') ?? target.hostname, '-p', target.port || '5432', '-U', decodeURIComponent(target.username)];
  const psql = (...commands: string[]) => execFileSync('psql', [...args, '-d', target.pathname.slice(1), ...commands.flatMap((command) => ['-c', command])], { env, stdio: 'ignore' });
  /** A database of its own each time, made now: every run starts from the same tables. */
  const withFreshTables = <T>(measure: () => T): T => {
    psql('DROP DATABASE IF EXISTS pgbench_strongroom', 'CREATE DATABASE pgbench_strongroom');
    execFileSync('pgbench', [...args, '-i', '-s', '10', '-q', 'pgbench_strongroom'], { env, stdio: 'ignore' });
    try {
      return measure();
    } finally {
      // Its tables go once measured: left behind, autovacuum vacuumed and analyzed them during the runs that follow.
      psql('DROP DATABASE pgbench_strongroom');
    }
  };
  return {
    run: (clients, durationS) =>
      withFreshTables(() => {
        // pgbench is this process's child: its CPU is counted once it is reaped (the server, alive, is not counted).
        const before = cpuSnapshot(undefined, postmasterPid);
        const out = execFileSync('pgbench', [...args, '-c', String(clients), '-j', '2', '-T', String(durationS), 'pgbench_strongroom'], { env }).toString();
        const after = cpuSnapshot(undefined, postmasterPid);
        const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
        const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0);
        const cpuPerTransactionMs = ((after.childrenS - before.childrenS + after.postgresS - before.postgresS) * 1000) / Math.max(1, transactions);
        return { tps, cpuPerTransactionMs };
      }),
    runAtRate: (clients, ratePerS, durationS, windowS) =>
      withFreshTables(() => {
        // As the steady transfer run starts: just after a checkpoint (a database without the right to one keeps its own).
        // Through psql rather than bench-database's checkpoint(): this run, like pgbench itself, is synchronous.
        try {
          psql('CHECKPOINT');
        } catch {
          /* BENCH_DATABASE_URL without the right to checkpoint */
        }
        const logs = mkdtempSync(join(tmpdir(), 'pgbench-log-'));
        try {
          // -R: transactions due at a steady rate, each one's schedule lag logged beside its time (-l), one file a thread.
          const rateArgs = ['-c', String(clients), '-j', '2', '-R', String(ratePerS), '-T', String(durationS), '-l', '--log-prefix', join(logs, 'tx')];
          execFileSync('pgbench', [...args, ...rateArgs, 'pgbench_strongroom'], { env, stdio: 'ignore' });
          const transactions = readdirSync(logs).flatMap((file) => scheduledLatencies(readFileSync(join(logs, file), 'utf8')));
          return { ratePerS: transactions.length / durationS, ...latencyFigures(byWindow(transactions, windowS)) };
        } finally {
          rmSync(logs, { recursive: true, force: true });
        }
      }),
  };
}

export interface Pgbench {
  /** TPC-B with `clients` as fast as they go. */
  run(clients: number, durationS: number): PgbenchFigures;
  /** TPC-B due at a steady rate, as the steady transfer run: latencies from when each was due, as steadyRate counts them. */
  runAtRate(clients: number, ratePerS: number, durationS: number, windowS: number): { ratePerS: number; p50: number; p99: number; windowP99s: number[] };
}

/**
 * The transactions of a pgbench log written with -R and -l, each as when it was due and its latency from then (its time
 * and its schedule lag): "client transaction time script epoch_s epoch_us lag", times in microseconds, the epoch at its
 * end. One skipped under --latency-limit ("skipped" for its time) is not a latency and is left out.
 */
export function scheduledLatencies(log: string): { dueMs: number; latencyMs: number }[] {
  const transactions: { dueMs: number; latencyMs: number }[] = [];
  for (const line of log.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 7 || !/^\d+$/.test(fields[2])) continue;
    const latencyUs = Number(fields[2]) + Number(fields[6]);
    const endUs = Number(fields[4]) * 1e6 + Number(fields[5]);
    transactions.push({ dueMs: (endUs - latencyUs) / 1000, latencyMs: latencyUs / 1000 });
  }
  return transactions;
}

/** Latencies grouped by the window of `windowS` they were due in, counted from the first one due. */
export function byWindow(transactions: { dueMs: number; latencyMs: number }[], windowS: number): number[][] {
  const firstDueMs = transactions.reduce((first, transaction) => Math.min(first, transaction.dueMs), Infinity);
  const windows: number[][] = [];
  for (const { dueMs, latencyMs } of transactions) (windows[Math.floor((dueMs - firstDueMs) / (windowS * 1000))] ??= []).push(latencyMs);
  return windows;
}

/**
 * The yardstick for a run bracketed by two pgbench runs, one just before and one just after it: their means. On a
 * machine whose speed wanders, one run on one side of the measured run can catch a fast or a slow minute that the
 * measured run did not (4,356 TPS has been seen just before a 10-second run and 2,921 just after it).
 */
export function bracket(before: PgbenchFigures, after: PgbenchFigures): PgbenchFigures {
  return { tps: (before.tps + after.tps) / 2, cpuPerTransactionMs: (before.cpuPerTransactionMs + after.cpuPerTransactionMs) / 2 };
}
