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

/**
 * Each `next()` gives the core time every process outside the bench used since the one before, by groupName. The bench
 * is this process, the server and the PostgreSQL cluster (its postmaster and its children). A process first seen after
 * the first reading began since the one before, so all of its time counts; one seen at the first reading only sets its
 * starting point.
 */
export class OthersTally {
  private readonly lastMs = new Map<number, number>();
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
    const live = new Set<number>();
    let entries: string[];
    try {
      entries = readdirSync(this.procDirectory);
    } catch {
      return byName;
    }
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      if (this.bench.has(pid)) continue;
      const cpu = procCpuS(entry, false, this.procDirectory);
      if (!cpu || (this.postmasterPid !== undefined && cpu.ppid === this.postmasterPid)) continue;
      live.add(pid);
      const nowMs = cpu.s * 1000;
      const usedMs = this.first ? 0 : nowMs - (this.lastMs.get(pid) ?? 0);
      this.lastMs.set(pid, nowMs);
      const name = groupName(cpu.comm);
      if (usedMs > 0) byName.set(name, (byName.get(name) ?? 0) + usedMs);
    }
    for (const pid of this.lastMs.keys()) if (!live.has(pid)) this.lastMs.delete(pid);
    this.first = false;
    return byName;
  }
}
