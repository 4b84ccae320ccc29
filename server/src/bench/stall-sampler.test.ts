import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCounters } from './stall-sampler';

describe('readCounters', () => {
  it("reads a process's time on a core from /proc, and the machine's steal and iowait", () => {
    const before = readCounters(process.pid, undefined);
    // 100 ms on a core for this main thread, however long a busy machine takes to give it. Counted from the
    // thread's own utime + stime (clock ticks), not process.cpuUsage(): that also counts the garbage collector's
    // and the thread pool's threads, and under a loaded test run they took a third of it. Ticks are samples (a tick
    // charges its whole 10 ms to whoever is on the core then), so on a busy machine 3 ticks once stood for 18.9 ms of
    // the scheduler's exact count: ten ticks, and half of them as the bound, keep that sampling out of the check.
    const threadTicks = () => {
      const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      // After "pid (comm) ": state is field 0, so utime (the 14th field of the whole line) is 11 and stime 12.
      return Number(fields[11]) + Number(fields[12]);
    };
    const ticksAtStart = threadTicks();
    const tickMs = 10;
    while ((threadTicks() - ticksAtStart) * tickMs < 100) {
      /* on a core */
    }
    const after = readCounters(process.pid, undefined);
    expect(after.serverRunMs - before.serverRunMs).toBeGreaterThanOrEqual(50);
    expect(after.stealMs).toBeGreaterThanOrEqual(before.stealMs);
    expect(after.iowaitMs).toBeGreaterThanOrEqual(before.iowaitMs);
    expect(after.throttledMs).toBe(0);
  });

  it("reads the time a CPU limit held its cgroup back, cgroup v2's microseconds or v1's nanoseconds", () => {
    const folder = mkdtempSync(join(tmpdir(), 'stall-sampler-'));
    try {
      writeFileSync(join(folder, 'cpu.stat'), 'usage_usec 900000\nnr_periods 10\nnr_throttled 4\nthrottled_usec 2500\n');
      expect(readCounters(undefined, folder).throttledMs).toBe(2.5);
      writeFileSync(join(folder, 'cpu.stat'), 'nr_periods 10\nnr_throttled 4\nthrottled_time 3000000\n');
      expect(readCounters(undefined, folder).throttledMs).toBe(3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
