import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCounters } from './stall-sampler';

describe('readCounters', () => {
  it("reads a process's time on a core from /proc, and the machine's steal and iowait", () => {
    const before = readCounters(process.pid, undefined);
    const busyUntil = performance.now() + 30;
    while (performance.now() < busyUntil) {
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
