// Who "the rest of the machine" was in a second of the steady run (second-sampler.ts): the core time of every process
// and kernel thread outside the bench, by name. Several runs' slow seconds had 280-400 ms of it against ~10-60 in a
// median second; a name tells the kernel working for the bench (ksoftirqd for its sockets, a kworker writing its files
// back, jbd2 committing the file system's journal) from something else on a shared machine.
import { readdirSync } from 'node:fs';
import { procCpuS } from './yardstick';

/** A process's name with what varies between its instances taken out: "kworker/u8:3-writeback" is "kworker-writeback", "ksoftirqd/1" is "ksoftirqd". */
export function groupName(comm: string): string {
  return comm.replace(/^kworker\/[^-]*/, 'kworker').replace(/\/\d+$/, '');
}

/** Core time (ms) by name, most first, those of at least `floorMs`: "ksoftirqd 120, kworker-writeback 40". */
export function describeOthers(byName: ReadonlyMap<string, number>, top = 3, floorMs = 20): string {
  return [...byName]
    .filter(([, ms]) => ms >= floorMs)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');
}

/** What was last read of a process outside the bench: its own time, its reaped children's, its parent and its name. */
interface Seen {
  ownMs: number;
  reapedMs: number;
  ppid: number;
  name: string;
}

/**
 * Each `next()` gives the core time every process outside the bench used since the one before, by groupName. The bench
 * is this process, the server and the PostgreSQL cluster (its postmaster and its children). A process first seen after
 * the first reading began since the one before, so all of its time counts; one seen at the first reading only sets its
 * starting point. A process that began and ended between two readings is never seen: its time reaches its parent's
 * reaped children's when the parent waits for it, and is counted as "children of <parent>", less what had been counted
 * of the parent's children that were seen before they ended (a busy shell script's commands, say, or a monitor's probes).
 */
export class OthersTally {
  private readonly seen = new Map<number, Seen>();
  /** By parent pid: what was counted of its children that have ended, still to come off its reaped children's rise. */
  private readonly countedOfEnded = new Map<number, number>();
  private readonly bench: Set<number>;
  private first = true;

  constructor(
    serverPid: number | undefined,
    private readonly postmasterPid: number | undefined,
    private readonly procDirectory = '/proc',
  ) {
    this.bench = new Set([process.pid, ...(serverPid ? [serverPid] : []), ...(postmasterPid ? [postmasterPid] : [])]);
    this.next();
  }

  next(): Map<string, number> {
    const byName = new Map<string, number>();
    const add = (name: string, ms: number) => {
      if (ms > 0) byName.set(name, (byName.get(name) ?? 0) + ms);
    };
    let entries: string[];
    try {
      entries = readdirSync(this.procDirectory);
    } catch {
      return byName;
    }
    const now = new Map<number, Seen>();
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      if (this.bench.has(pid)) continue;
      const cpu = procCpuS(entry, false, this.procDirectory);
      if (!cpu || (this.postmasterPid !== undefined && cpu.ppid === this.postmasterPid)) continue;
      now.set(pid, { ownMs: cpu.s * 1000, reapedMs: cpu.reapedS * 1000, ppid: cpu.ppid, name: groupName(cpu.comm) });
    }
    // Those that ended first: their parent may have reaped them already, and its rise below then holds their time.
    for (const [pid, last] of this.seen) {
      if (now.has(pid)) continue;
      this.seen.delete(pid);
      this.countedOfEnded.delete(pid);
      if (!this.bench.has(last.ppid)) this.countedOfEnded.set(last.ppid, (this.countedOfEnded.get(last.ppid) ?? 0) + last.ownMs + last.reapedMs);
    }
    for (const [pid, reading] of now) {
      const before = this.seen.get(pid) ?? { ownMs: 0, reapedMs: 0 };
      this.seen.set(pid, reading);
      if (this.first) continue;
      add(reading.name, reading.ownMs - before.ownMs);
      add(`children of ${reading.name}`, this.unseenChildrenMs(pid, reading.reapedMs - before.reapedMs));
    }
    this.first = false;
    return byName;
  }

  /** Of a rise in a parent's reaped children's time, what was not already counted while those children were seen. */
  private unseenChildrenMs(parentPid: number, riseMs: number): number {
    const counted = this.countedOfEnded.get(parentPid) ?? 0;
    const already = Math.min(counted, Math.max(0, riseMs));
    if (counted > 0) this.countedOfEnded.set(parentPid, counted - already);
    return riseMs - already;
  }
}
