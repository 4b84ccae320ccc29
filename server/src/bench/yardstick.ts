// The machine's yardstick for npm run bench: where the CPU goes (server, PostgreSQL, load generator), and pgbench's
// TPC-B on the same PostgreSQL, run just before the transfers it is compared with.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fig } from './steady-rate';

/** utime + stime (and, with `children`, cutime + cstime: its reaped children) of a process, in seconds; undefined when gone. */
export function procCpuS(pid: string | number, children = false): { comm: string; ppid: number; s: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ppid: Number(f[1]), s: ticks / TICKS_PER_S };
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

/**
 * CPU per transfer of the server, PostgreSQL and this load generator between two snapshots; with the wall time between
 * them, also how busy the three kept the machine's cores (a rate that is half the peak does not leave half the cores
 * idle: small batches cost more a transfer).
 */
export function cpuPerTransfer(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>, transfers: number, wallS?: number, unit = 'transfer') {
  const ms = (a: number, b: number) => fig(((b - a) * 1000) / Math.max(1, transfers), 2);
  const usedS = after.serverS - before.serverS + after.postgresS - before.postgresS + after.loadS - before.loadS;
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
export function preparePgbench(url: string, postmasterPid: number | undefined): { run(clients: number, durationS: number): PgbenchFigures } | undefined {
  if (spawnSync('pgbench', ['--version']).status !== 0) return undefined;
  const target = new URL(url);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(target.password) };
  // A `host` parameter names a Unix socket's directory (BENCH_PG_SOCKET): pgbench goes the way the server goes.
  const args = ['-h', target.searchParams.get('host') ?? target.hostname, '-p', target.port || '5432', '-U', decodeURIComponent(target.username)];
  return {
    run(clients, durationS) {
      // A database of its own each time, made now: the second run of a bracket starts from the same tables as the first.
      execFileSync('psql', [...args, '-d', target.pathname.slice(1), '-c', 'DROP DATABASE IF EXISTS pgbench_strongroom', '-c', 'CREATE DATABASE pgbench_strongroom'], { env, stdio: 'ignore' });
      execFileSync('pgbench', [...args, '-i', '-s', '10', '-q', 'pgbench_strongroom'], { env, stdio: 'ignore' });
      // pgbench is this process's child: its CPU is counted once it is reaped (the server, alive, is not counted).
      const before = cpuSnapshot(undefined, postmasterPid);
      const out = execFileSync('pgbench', [...args, '-c', String(clients), '-j', '2', '-T', String(durationS), 'pgbench_strongroom'], { env }).toString();
      const after = cpuSnapshot(undefined, postmasterPid);
      const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
      const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0);
      const cpuPerTransactionMs = ((after.childrenS - before.childrenS + after.postgresS - before.postgresS) * 1000) / Math.max(1, transactions);
      // Its tables go once measured: left behind, autovacuum vacuumed and analyzed them during the runs that follow.
      execFileSync('psql', [...args, '-d', target.pathname.slice(1), '-c', 'DROP DATABASE pgbench_strongroom'], { env, stdio: 'ignore' });
      return { tps, cpuPerTransactionMs };
    },
  };
}

/**
 * The yardstick for a run bracketed by two pgbench runs, one just before and one just after it: their means. On a
 * machine whose speed wanders, one run on one side of the measured run can catch a fast or a slow minute that the
 * measured run did not (session 34 saw 4,356 TPS just before a 10-second run and 2,921 just after it).
 */
export function bracket(before: PgbenchFigures, after: PgbenchFigures): PgbenchFigures {
  return { tps: (before.tps + after.tps) / 2, cpuPerTransactionMs: (before.cpuPerTransactionMs + after.cpuPerTransactionMs) / 2 };
}
