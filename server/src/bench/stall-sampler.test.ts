import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deltasBetween, readCounters, sampleWindows, withTail } from './stall-sampler';

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

describe('deltasBetween', () => {
  const reading = (atEpochMs: number, stealMs: number, serverWaitMs: number) => ({ atEpochMs, stealMs, iowaitMs: 0, throttledMs: 0, serverRunMs: 0, serverWaitMs });

  it('gives what each counter added between readings, one window a pair', () => {
    const deltas = deltasBetween([reading(0, 100, 5), reading(15_000, 100, 905), reading(30_000, 1_340, 1_200)]);
    expect(deltas).toEqual([
      { stealMs: 0, iowaitMs: 0, throttledMs: 0, serverRunMs: 0, serverWaitMs: 900 },
      { stealMs: 1_240, iowaitMs: 0, throttledMs: 0, serverRunMs: 0, serverWaitMs: 295 },
    ]);
  });

  it('gives no window for a single reading', () => {
    expect(deltasBetween([reading(0, 100, 5)])).toEqual([]);
  });
});

describe('withTail', () => {
  const at = (atEpochMs: number) => ({ atEpochMs, stealMs: atEpochMs / 10, iowaitMs: 0, throttledMs: 0, serverRunMs: 0, serverWaitMs: 0 });

  it('lets a short tail after the last window join it', () => {
    expect(withTail([at(0), at(15_000), at(30_000)], at(30_400), 15_000).map((reading) => reading.atEpochMs)).toEqual([0, 15_000, 30_400]);
  });

  it('makes a tail of half a window or more a window of its own', () => {
    expect(withTail([at(0), at(15_000)], at(22_500), 15_000).map((reading) => reading.atEpochMs)).toEqual([0, 15_000, 22_500]);
  });

  it('makes a run shorter than a window one window', () => {
    expect(withTail([at(0)], at(300), 15_000).map((reading) => reading.atEpochMs)).toEqual([0, 300]);
  });
});

describe('sampleWindows', () => {
  it("reads this machine's counters and gives at least one window, none negative", async () => {
    const stop = sampleWindows(process.pid, undefined, 0.05);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const windows = stop();
    expect(windows.length).toBeGreaterThanOrEqual(1);
    for (const window of windows) {
      expect(window.stealMs).toBeGreaterThanOrEqual(0);
      expect(window.serverWaitMs).toBeGreaterThanOrEqual(0);
    }
    // This process was on a core in that time (the timers ran): the windows together saw some of it.
    expect(windows.reduce((sum, window) => sum + window.serverRunMs, 0)).toBeGreaterThan(0);
  });
});
