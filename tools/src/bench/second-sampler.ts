// Every run of npm run bench: who was on the cores in each second of the steady half-peak run, so that the seconds
// with the most slow requests can be laid to a process (the server, PostgreSQL's backends, an autovacuum worker, the
// checkpointer, the load generator) or to the machine (steal, the CPU limit, iowait); a slow second in which nobody
// used more than usual was a wait, not a contest for the cores. The same seconds, added up, give each 15 s window's
// steal and waiting (windowTotals), which cannot show a burst of a second or two; BENCH_DEBUG's 100 ms samples can, but
// cost the load generator a third of its CPU again and so change what they measure. A reading a second costs a few
// milliseconds, and ~5 more to read every process outside the bench (others-tally.ts; ~100 on a development machine).
import { readFileSync, readdirSync } from 'node:fs';
import { SLOW_MS, fig } from './steady-rate';
import { COUNTER_KEYS, type CounterDeltas, type DiskId, deltasBetween, readCounters, restOfMachineMs } from './stall-sampler';
import { procCpuS } from './yardstick';
import { OthersTally, describeOthers } from './others-tally';
import type { SecondGc } from './gc-tally';

/** What each kind of process had used, in ms of core time, at one reading. */
export interface CpuByKind {
  server: number;
  backends: number;
  autovacuum: number;
  checkpointer: number;
  /** The walwriter, background writer, launchers and the postmaster itself. */
  otherPostgres: number;
  /** PostgreSQL processes that began and ended between two readings. */
  brief: number;
  loadGenerator: number;
}

/** Every kind, so that a sum over them (restOfSecondMs) takes in a kind added later: `satisfies` checks each is a kind. */
const CPU_KINDS = ['server', 'backends', 'autovacuum', 'checkpointer', 'otherPostgres', 'brief', 'loadGenerator'] as const satisfies readonly (keyof CpuByKind)[];
// Fails to compile when CpuByKind gains a kind the list lacks.
const everyKindListed: Record<Exclude<keyof CpuByKind, (typeof CPU_KINDS)[number]>, never> = {};
void everyKindListed;

/** A second's CPU by kind, and how many backends began in it (each new connection to the database is one). */
export interface TallyReading extends CpuByKind {
  backendsStarted: number;
}

/** With, where the sampler read them, the core time of the processes outside the bench by name (others-tally.ts). */
export type SecondReading = TallyReading & CounterDeltas & { others?: ReadonlyMap<string, number> };

/** A PostgreSQL process's kind from its command line ("postgres: autovacuum worker", "postgres: user db host idle"). */
export function postgresKind(commandLine: string): keyof CpuByKind {
  const title = commandLine.replace(/\0/g, ' ');
  if (/autovacuum/.test(title)) return 'autovacuum';
  if (/checkpointer/.test(title)) return 'checkpointer';
  // walwriter, background writer, logical replication launcher, stats, archiver, the embedded cluster's others.
  if (/writer|launcher|archiver|logger|walsummarizer|walsender|walreceiver|startup|io worker/.test(title)) return 'otherPostgres';
  return 'backends';
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // Kernels without the children file: every process whose parent is pid.
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((candidate) => procCpuS(candidate)?.ppid === pid);
  }
}

/**
 * The CPU each kind of process used between one `next()` and the one before (ms of core time). Each PostgreSQL process
 * is followed by its pid, and its title read once. A process that exited since (an autovacuum worker, say) is no longer
 * listed; the postmaster reaped it, which added its whole time to the postmaster's children's, so what it used since it
 * was last seen is that rise less what had been seen of it, counted to its kind.
 */
export class CpuTally {
  private readonly seen = new Map<number, { kind: keyof CpuByKind; ms: number }>();
  private serverMs = 0;
  private loadGeneratorMs = 0;
  private postmasterMs = 0;
  private reapedMs = 0;

  constructor(
    private readonly serverPid: number | undefined,
    private readonly postmasterPid: number | undefined,
  ) {
    this.next();
  }

  next(): TallyReading {
    const used: TallyReading = { server: 0, backends: 0, autovacuum: 0, checkpointer: 0, otherPostgres: 0, brief: 0, loadGenerator: 0, backendsStarted: 0 };
    const self = process.cpuUsage();
    used.loadGenerator = this.rise('loadGeneratorMs', (self.user + self.system) / 1000);
    if (this.serverPid) used.server = this.rise('serverMs', (procCpuS(this.serverPid)?.s ?? 0) * 1000);
    if (!this.postmasterPid) return used;
    const own = (procCpuS(this.postmasterPid)?.s ?? 0) * 1000;
    const withReaped = (procCpuS(this.postmasterPid, true)?.s ?? 0) * 1000;
    used.otherPostgres += this.rise('postmasterMs', own);
    const reapedMs = this.rise('reapedMs', withReaped - own);
    const live = new Set<number>();
    for (const pid of childPids(this.postmasterPid)) {
      const cpu = procCpuS(pid);
      if (!cpu) continue;
      let entry = this.seen.get(pid);
      if (!entry) {
        try {
          entry = { kind: postgresKind(readFileSync(`/proc/${pid}/cmdline`, 'utf8')), ms: 0 };
        } catch {
          continue;
        }
        this.seen.set(pid, entry);
        if (entry.kind === 'backends') used.backendsStarted++;
      }
      live.add(pid);
      used[entry.kind] += Math.max(0, cpu.s * 1000 - entry.ms);
      entry.ms = cpu.s * 1000;
    }
    const exited = [...this.seen].filter(([pid]) => !live.has(pid));
    const seenMs = exited.reduce((sum, [, entry]) => sum + entry.ms, 0);
    // Several at once (rare): their kind is the one that had used most. None seen: a process began and ended
    // between two readings.
    const kind = exited.length > 0 ? exited.reduce((most, candidate) => (candidate[1].ms > most[1].ms ? candidate : most))[1].kind : 'brief';
    used[kind] += Math.max(0, reapedMs - seenMs);
    for (const [pid] of exited) this.seen.delete(pid);
    return used;
  }

  private rise(field: 'serverMs' | 'loadGeneratorMs' | 'postmasterMs' | 'reapedMs', nowMs: number) {
    const risen = Math.max(0, nowMs - this[field]);
    this[field] = nowMs;
    return risen;
  }
}

/** Samples every second until the returned function is called; it returns each whole second's readings. */
export function sampleSeconds(serverPid: number | undefined, postmasterPid: number | undefined, cgroupDirectory: string | undefined, disk?: DiskId) {
  const tally = new CpuTally(serverPid, postmasterPid);
  const othersTally = new OthersTally(serverPid, postmasterPid);
  const cpu: TallyReading[] = [];
  const others: Map<string, number>[] = [];
  const machine = [readCounters(serverPid, cgroupDirectory, disk)];
  const timer = setInterval(() => {
    cpu.push(tally.next());
    others.push(othersTally.next());
    machine.push(readCounters(serverPid, cgroupDirectory, disk));
  }, 1000);
  return (): SecondReading[] => {
    clearInterval(timer);
    return deltasBetween(machine).map((counters, second) => ({ ...cpu[second], ...counters, others: others[second] }));
  };
}

/**
 * The machine's counters added up over each window of `windowS` seconds (the windows whose p99 the steady run prints),
 * so that a window's p99 can be read beside the time the hypervisor took from the machine and the server's main thread
 * spent waiting for a core. The readings stop at the last whole second; a last window shorter than half a window joins
 * the one before it, as the run's last answers (a little after its last window) join it in the p99s.
 */
export function windowTotals(seconds: CounterDeltas[], windowS: number): CounterDeltas[] {
  const windows: CounterDeltas[] = [];
  for (let first = 0; first < seconds.length; first += windowS) {
    const group = seconds.slice(first, first + windowS);
    const total = Object.fromEntries(COUNTER_KEYS.map((key) => [key, 0])) as CounterDeltas;
    const joinsPrevious = windows.length > 0 && group.length < windowS / 2;
    const into = joinsPrevious ? windows[windows.length - 1] : total;
    for (const second of group) for (const key of COUNTER_KEYS) into[key] += second[key];
    if (!joinsPrevious) windows.push(total);
  }
  return windows;
}

/**
 * What the machine's other processes and the kernel's own threads used in a second: all the cores' busy time less the
 * bench's processes'. Both are counted in ticks of 10 ms, so a few tens of ms either way is the counting, not a process;
 * and the kernel's interrupt work for the bench's own sockets, charged to no process, is in it too (~100 ms in a median
 * second of the half-peak run), so it is read against the median second printed beside it.
 */
export function restOfSecondMs(reading: SecondReading): number {
  return restOfMachineMs(
    reading.busyMs,
    CPU_KINDS.reduce((sum, kind) => sum + reading[kind], 0),
  );
}

/** " (ksoftirqd 120, kworker-writeback 40)": who the rest of the machine was, where anyone outside the bench used 20 ms or more. */
function restNamed(reading: SecondReading): string {
  const named = reading.others ? describeOthers(reading.others) : '';
  return named ? ` (${named})` : '';
}

/**
 * "; the server's collections: 12.3 ms in 3 scavenges, a mark-compact (pause 27.1 ms, marking steps 65.7 ms)": what the
 * server's main thread spent collecting in a second (those that ended in it), time it spent on no request.
 */
function describeGc(second: SecondGc | undefined): string {
  if (!second) return '';
  const majors = second.majors.map((major) => `, a mark-compact (pause ${fig(major.pauseMs, 1)} ms, marking steps ${fig(major.markingStepsMs, 1)} ms)`).join('');
  return `; the server's collections: ${fig(second.scavengePauseMs, 1)} ms in ${second.scavenges} scavenge${second.scavenges === 1 ? '' : 's'}${majors}`;
}

/**
 * "at 16 s, 212 over 50 ms: server 540, ..." for the seconds with the most slow requests, and a median second for scale;
 * with `gc` (gcBySecond), what the server's collections took in each.
 */
export function describeSlowSeconds(seconds: SecondReading[], slowBySecond: number[], { cpuLimited, top = 3, gc = [] }: { cpuLimited: boolean; top?: number; gc?: SecondGc[] }): string[] {
  const ranked = seconds.map((reading, second) => ({ second, reading, slow: slowBySecond[second] ?? 0 })).filter((entry) => entry.slow > 0);
  ranked.sort((a, b) => b.slow - a.slow || a.second - b.second);
  const describe = (reading: SecondReading, second: number) =>
    `server ${fig(reading.server)} (its main thread ${fig(reading.serverRunMs)}), PostgreSQL backends ${fig(reading.backends)} (${reading.backendsStarted} begun), autovacuum ${fig(reading.autovacuum)}, checkpointer ${fig(reading.checkpointer)}, other PostgreSQL ${fig(reading.otherPostgres)}, brief ${fig(reading.brief)}, load generator ${fig(reading.loadGenerator)}, the rest of the machine ${fig(restOfSecondMs(reading))}${restNamed(reading)}; interrupts ${fig(reading.interruptsMs)}; the server's main thread waited ${fig(reading.serverWaitMs)}; steal ${fig(reading.stealMs)}; iowait ${fig(reading.iowaitMs)}${cpuLimited ? `; held back ${fig(reading.throttledMs)}` : ''}; disk busy ${fig(reading.diskBusyMs)} (${fig(reading.diskWrittenKiB / 1024, 1)} MiB written, flushes ${fig(reading.diskFlushMs)})${describeGc(gc[second])}`;
  const lines = ranked.slice(0, top).map((entry) => `at ${entry.second} s, ${entry.slow} over ${SLOW_MS} ms: ${describe(entry.reading, entry.second)}`);
  if (seconds.length === 0) return lines;
  // The median second by its slow requests, for what an ordinary second of the run looked like.
  const ordinary = seconds.map((reading, second) => ({ reading, slow: slowBySecond[second] ?? 0, second })).sort((a, b) => a.slow - b.slow || a.second - b.second)[Math.floor(seconds.length / 2)];
  lines.push(`a median second (at ${ordinary.second} s, ${ordinary.slow} over ${SLOW_MS} ms): ${describe(ordinary.reading, ordinary.second)}`);
  return lines;
}
