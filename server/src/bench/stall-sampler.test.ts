import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCounters } from './stall-sampler';

describe('readCounters', () => {
  it("reads a process's time on a core from /proc, and the machine's steal and iowait", () => {
    const before = readCounters(process.pid, undefined);
    // 30 ms of this process's CPU time, however long a busy machine takes to give it (the main thread spends it).
    const cpuAtStart = process.cpuUsage();
    const cpuSpentMs = () => {
      const spent = process.cpuUsage(cpuAtStart);
      return (spent.user + spent.system) / 1000;
    };
    while (cpuSpentMs() < 30) {
      /* on a core */
    }
    const after = readCounters(process.pid, undefined);
    expect(after.serverRunMs - before.serverRunMs).toBeGreaterThanOrEqual(20);
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
