import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cgroupVersion, currentCgroupPath, limitCpu } from './cpu-limit';

const V1_SELF = '9:name=systemd:/\n4:memory:/process_api/b8\n1:cpu:/\n0::/\n';
const V2_SELF = '0::/user.slice/session-1.scope\n';

describe('currentCgroupPath', () => {
  it("finds the cpu controller's path under v1 and the unified path under v2", () => {
    expect(currentCgroupPath(V1_SELF, 1)).toBe('/');
    expect(currentCgroupPath('5:cpu,cpuacct:/bench\n', 1)).toBe('/bench');
    expect(currentCgroupPath(V2_SELF, 2)).toBe('/user.slice/session-1.scope');
    expect(() => currentCgroupPath('4:memory:/x\n', 1)).toThrow(/no cgroup v1 cpu entry/);
  });
});

describe('limitCpu on a cgroup filesystem laid out in files', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cpu-limit-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('under v1, makes a cgroup with a 1 ms period and the quota, and moves the process into it', () => {
    mkdirSync(join(root, 'cpu'));
    const limit = limitCpu(1.5, 4242, root, V1_SELF);
    expect(limit.directory).toBe(join(root, 'cpu', 'strongroom-bench-4242'));
    expect(readFileSync(join(limit.directory, 'cpu.cfs_period_us'), 'utf8')).toBe('1000');
    expect(readFileSync(join(limit.directory, 'cpu.cfs_quota_us'), 'utf8')).toBe('1500');
    expect(readFileSync(join(limit.directory, 'cgroup.procs'), 'utf8')).toBe('4242');
    expect(limit.description).toMatch(/1\.5 cores' time \(1500 us every 1000 us, cgroup v1/);
  });

  it('under v2, goes beside the current cgroup, hands it the cpu controller and sets cpu.max', () => {
    writeFileSync(join(root, 'cgroup.controllers'), 'cpu memory');
    mkdirSync(join(root, 'user.slice', 'session-1.scope'), { recursive: true });
    writeFileSync(join(root, 'user.slice', 'cgroup.subtree_control'), 'memory');
    const limit = limitCpu(1, 77, root, V2_SELF);
    expect(limit.directory).toBe(join(root, 'user.slice', 'strongroom-bench-77'));
    expect(readFileSync(join(root, 'user.slice', 'cgroup.subtree_control'), 'utf8')).toBe('+cpu');
    expect(readFileSync(join(limit.directory, 'cpu.max'), 'utf8')).toBe('1000 1000');
    expect(readFileSync(join(limit.directory, 'cgroup.procs'), 'utf8')).toBe('77');
  });

  it('lengthens the period for less than one core, since the kernel takes no quota under 1 ms', () => {
    mkdirSync(join(root, 'cpu'));
    const limit = limitCpu(0.25, 5, root, V1_SELF);
    expect(readFileSync(join(limit.directory, 'cpu.cfs_period_us'), 'utf8')).toBe('4000');
    expect(readFileSync(join(limit.directory, 'cpu.cfs_quota_us'), 'utf8')).toBe('1000');
  });

  it('refuses a number of cores that is not one', () => {
    for (const cpus of [0, -1, Number.NaN, 100]) expect(() => limitCpu(cpus, 1, root, V1_SELF)).toThrow(/BENCH_CPUS must be/);
  });
});

/** Whether this machine lets the test make a cgroup with a CPU limit (as root, with the cgroup filesystem writable). */
function kernelCgroupsWritable(): boolean {
  try {
    accessSync(cgroupVersion() === 2 ? '/sys/fs/cgroup' : '/sys/fs/cgroup/cpu', constants.W_OK);
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

(kernelCgroupsWritable() ? describe : describe.skip)('limitCpu on the real kernel', () => {
  it('throttles a busy process put under a quarter of a core', async () => {
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    let directory: string | undefined;
    try {
      directory = limitCpu(0.25, busy.pid).directory;
      expect(readFileSync(join(directory, 'cgroup.procs'), 'utf8').trim()).toBe(String(busy.pid));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The kernel's own count of the periods in which the quota ran out and the process had to wait.
      const throttled = /nr_throttled (\d+)/.exec(readFileSync(join(directory, 'cpu.stat'), 'utf8'));
      expect(Number(throttled?.[1])).toBeGreaterThan(10);
    } finally {
      const exited = once(busy, 'exit');
      busy.kill('SIGKILL');
      await exited;
      if (directory) rmdirSync(directory);
    }
  });
});
