// BENCH_DEBUG: where the machine's time went while the steady run's slow requests were due, beside what PostgreSQL's
// backends were doing then (activity-sampler.ts): time the hypervisor took from this machine (steal), time the CPU
// limit of BENCH_CPUS held the bench back (throttled), the server's main thread's time on a core and waiting for one, and
// how late the event loops of the load generator and the server were (loop-probe.ts). So a burst of slow requests can
// be laid to the machine, the limit, the server or the database.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fig } from './steady-rate';
import { throttledMsIn } from './cpu-limit';

export interface Counters {
  atEpochMs: number;
  /** Core time every process on the machine used, the kernel's own included (user, nice, system, irq, softirq). */
  busyMs: number;
  /**
   * Of busyMs, the ticks that found a core serving an interrupt (irq and softirq: the network's and the disk's
   * completions). Unless the kernel accounts interrupt time precisely (CONFIG_IRQ_TIME_ACCOUNTING), such a tick is also
   * charged to the process it interrupted; one that found a core idle is charged to no process and so is in the rest of
   * the machine: this tells that part of it from a process outside the bench, or from the hypervisor.
   */
  interruptsMs: number;
  stealMs: number;
  iowaitMs: number;
  throttledMs: number;
  serverRunMs: number;
  serverWaitMs: number;
  /** The data's disk: time it had a request in hand (/proc/diskstats' io_ticks), and what was written to it. */
  diskBusyMs: number;
  diskWrittenKiB: number;
  /** Time the disk's write-cache flushes took (every fsync of the WAL ends in one), added up. */
  diskFlushMs: number;
}

export type CounterDeltas = Omit<Counters, 'atEpochMs'>;

export const COUNTER_KEYS = [
  'busyMs',
  'interruptsMs',
  'stealMs',
  'iowaitMs',
  'throttledMs',
  'serverRunMs',
  'serverWaitMs',
  'diskBusyMs',
  'diskWrittenKiB',
  'diskFlushMs',
] as const satisfies readonly (keyof CounterDeltas)[];

/** A block device by its numbers, as /proc/diskstats lists it. */
export interface DiskId {
  major: number;
  minor: number;
}

/** The device a path is on (Linux's dev_t: the minor's low 8 bits and the major sit in its low 20). */
export function diskOf(path: string): DiskId {
  const dev = statSync(path).dev;
  return { major: Math.floor(dev / 256) % 4096, minor: (dev % 256) + Math.floor(dev / 1_048_576) * 256 };
}

/** The disk's counters, zero where /proc/diskstats does not list it (a device-mapper or network file system). */
export function readDisk(disk: DiskId | undefined, diskstats = existsSync('/proc/diskstats') ? readFileSync('/proc/diskstats', 'utf8') : '') {
  const line = disk
    ? diskstats
        .split('\n')
        .map((row) => row.trim().split(/\s+/))
        .find((fields) => Number(fields[0]) === disk.major && Number(fields[1]) === disk.minor)
    : undefined;
  if (!line) return { diskBusyMs: 0, diskWrittenKiB: 0, diskFlushMs: 0 };
  // major minor name, then: reads, merged, sectors, ms; writes, merged, sectors, ms; in flight, io_ticks, weighted ms;
  // discards (4 fields); flushes, ms flushing (kernels since 5.5).
  const field = (index: number) => Number(line[index + 2] ?? 0);
  return { diskBusyMs: field(10), diskWrittenKiB: field(7) / 2, diskFlushMs: field(17) };
}

/** USER_HZ: /proc/stat counts in hundredths of a second on Linux. */
const JIFFY_MS = 10;

/** The whole machine's counters from /proc/stat's first line: "cpu user nice system idle iowait irq softirq steal ...". */
export function readMachineTicks(procStat: string): Pick<Counters, 'busyMs' | 'interruptsMs' | 'iowaitMs' | 'stealMs'> {
  const cpuLine = procStat.split('\n')[0].trim().split(/\s+/);
  const ms = (...fields: number[]) => fields.reduce((sum, field) => sum + Number(cpuLine[field] ?? 0), 0) * JIFFY_MS;
  return { busyMs: ms(1, 2, 3, 6, 7), interruptsMs: ms(6, 7), iowaitMs: ms(5), stealMs: ms(8) };
}

export function readCounters(serverPid: number | undefined, cgroupDirectory: string | undefined, disk?: DiskId): Counters {
  const { busyMs, interruptsMs, iowaitMs, stealMs } = readMachineTicks(readFileSync('/proc/stat', 'utf8'));
  const throttledMs = cgroupDirectory ? throttledMsIn(cgroupDirectory) : 0;
  let serverRunMs = 0;
  let serverWaitMs = 0;
  if (serverPid) {
    try {
      // The server's main thread (its event loop): on a core, and runnable but waiting for one (nanoseconds).
      const [runNs, waitNs] = readFileSync(`/proc/${serverPid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
      serverRunMs = runNs / 1e6;
      serverWaitMs = waitNs / 1e6;
    } catch {
      /* the server has exited */
    }
  }
  return { atEpochMs: performance.timeOrigin + performance.now(), busyMs, interruptsMs, stealMs, iowaitMs, throttledMs, serverRunMs, serverWaitMs, ...readDisk(disk) };
}

interface Sample extends Omit<Counters, 'atEpochMs'> {
  atEpochMs: number;
  benchLateMs: number;
}

/**
 * Samples the counters every `everyMs` until the returned function is called with the steady run's start (epoch ms) and
 * the 100 ms buckets (of time since that start) to print, and the file the server's loop probe wrote, if any.
 */
export function sampleStalls(serverPid: number | undefined, cgroupDirectory: string | undefined, everyMs = 20) {
  const samples: Sample[] = [];
  let previous = readCounters(serverPid, cgroupDirectory);
  let expected = performance.now() + everyMs;
  const timer = setInterval(() => {
    const benchLateMs = performance.now() - expected;
    expected = performance.now() + everyMs;
    const current = readCounters(serverPid, cgroupDirectory);
    samples.push({ atEpochMs: current.atEpochMs, ...deltaOf(previous, current), benchLateMs });
    previous = current;
  }, everyMs);
  return (startEpochMs: number, toPrint: number[], loopProbeFile?: string) => {
    clearInterval(timer);
    const serverLate = new Map<number, number>();
    if (loopProbeFile && existsSync(loopProbeFile)) {
      for (const line of readFileSync(loopProbeFile, 'utf8').split('\n').filter(Boolean)) {
        const [epochMs, lateMs] = line.split(' ').map(Number);
        const bucket = Math.floor((epochMs - startEpochMs) / 100);
        serverLate.set(bucket, Math.max(serverLate.get(bucket) ?? 0, lateMs));
      }
    }
    console.log('  the machine while slow requests were due (ms in each 100 ms; server loop: its worst lateness):');
    for (const bucket of [...toPrint].sort((a, b) => a - b)) {
      const inBucket = samples.filter((sample) => Math.floor((sample.atEpochMs - startEpochMs) / 100) === bucket);
      const sum = (key: keyof Sample) => inBucket.reduce((total, sample) => total + sample[key], 0);
      const worstBenchLateMs = inBucket.reduce((worst, sample) => Math.max(worst, sample.benchLateMs), 0);
      console.log(
        `    ${fig(bucket / 10, 1)} s: steal ${fig(sum('stealMs'))}, iowait ${fig(sum('iowaitMs'))}, throttled ${fig(sum('throttledMs'))}, server on a core ${fig(sum('serverRunMs'))} and waiting for one ${fig(sum('serverWaitMs'))}; loop late: load generator ${fig(worstBenchLateMs)}, server ${fig(serverLate.get(bucket) ?? 0)}`,
      );
    }
    // Over the whole run, for scale.
    const total = (key: keyof Sample) => samples.reduce((sum, sample) => sum + sample[key], 0);
    const seconds = samples.length ? (samples[samples.length - 1].atEpochMs - samples[0].atEpochMs) / 1000 : 0;
    console.log(
      `    whole run (${fig(seconds, 1)} s), per 100 ms: steal ${fig(total('stealMs') / Math.max(seconds, 0.1) / 10, 1)}, throttled ${fig(total('throttledMs') / Math.max(seconds, 0.1) / 10, 1)}, server on a core ${fig(total('serverRunMs') / Math.max(seconds, 0.1) / 10, 1)} and waiting ${fig(total('serverWaitMs') / Math.max(seconds, 0.1) / 10, 1)}`,
    );
  };
}

/** What each counter added from `before` to `after`. */
export function deltaOf(before: Counters, after: Counters): CounterDeltas {
  const delta = {} as CounterDeltas;
  for (const key of COUNTER_KEYS) delta[key] = after[key] - before[key];
  return delta;
}

/** What each counter added from one reading to the next: readings n + 1 give n deltas. */
export function deltasBetween(readings: Counters[]): CounterDeltas[] {
  return readings.slice(1).map((reading, index) => deltaOf(readings[index], reading));
}

/**
 * What the machine's other processes and the kernel's own threads used: all the cores' busy time less the bench's
 * processes'. Both are counted in ticks, so a reading of the processes a tick ahead of the machine's is not a negative.
 */
export function restOfMachineMs(busyMs: number, oursMs: number): number {
  return Math.max(0, busyMs - oursMs);
}

/**
 * One line on what the machine did during a closed-loop run, per second of it: a run that is slow with the cores idle
 * was waiting for something, and this says whether it was the hypervisor (steal), the disk (iowait, busy), a core for
 * the server's main thread, or other processes and kernel threads (`ourBusyMs`: the bench's own processes' CPU).
 */
export function describeMachineDuring(delta: CounterDeltas, ourBusyMs: number, wallS: number): string {
  const perSecond = (ms: number) => fig(ms / Math.max(wallS, 0.001));
  return `the machine, ms a second: steal ${perSecond(delta.stealMs)}, iowait ${perSecond(delta.iowaitMs)}, the server's main thread waiting for a core ${perSecond(delta.serverWaitMs)}, the rest of the machine ${perSecond(restOfMachineMs(delta.busyMs, ourBusyMs))}, interrupts ${perSecond(delta.interruptsMs)}; the data's disk busy ${perSecond(delta.diskBusyMs)} (${fig(delta.diskWrittenKiB / 1024 / Math.max(wallS, 0.001), 1)} MiB written a second)`;
}

/**
 * How the kernel writes dirty pages back (/proc/sys/vm), or undefined where it cannot be read. PostgreSQL's new pages
 * reach the page cache as zeros when a table or index grows (~1 MB a second at the half-peak rate) and stay there until
 * their file's oldest dirty page is `dirty_expire_centisecs` old: then the whole file goes at once, and the WAL's
 * flushes queue behind it (a second with ~30 MB written, every 30 s with the kernel's defaults). A run's slow window
 * may be that; this line says which setting the run had.
 */
export function describeWriteback(directory = '/proc/sys/vm'): string | undefined {
  const read = (name: string) => {
    try {
      return Number(readFileSync(join(directory, name), 'utf8').trim());
    } catch {
      return undefined;
    }
  };
  const expireCs = read('dirty_expire_centisecs');
  const writebackCs = read('dirty_writeback_centisecs');
  if (expireCs === undefined || writebackCs === undefined) return undefined;
  const backgroundBytes = read('dirty_background_bytes');
  const background = backgroundBytes ? `above ${fig(backgroundBytes / 2 ** 20)} MiB dirty` : `above ${read('dirty_background_ratio') ?? '?'}% of memory dirty`;
  const seconds = (centiseconds: number) => fig(centiseconds / 100, centiseconds % 100 === 0 ? 0 : 2);
  return `the kernel writes a dirty file back once it has been dirty ${seconds(expireCs)} s (looking every ${seconds(writebackCs)} s), or ${background}`;
}
