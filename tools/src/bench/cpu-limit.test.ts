import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cgroupVersion, currentCgroupPath, limitCpu, slowCores, throttledMsIn } from './cpu-limit';

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

describe('slowCores on a cgroup filesystem laid out in files', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'slow-cores-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('gives each process a cgroup of its own with 1 ms of run time every 1/share ms, and puts it back after', () => {
    mkdirSync(join(root, 'cpu'));
    const slowed = slowCores([11, 12], 0.7, root, () => V1_SELF);
    for (const pid of [11, 12]) {
      const directory = join(root, 'cpu', `strongroom-core-${pid}`);
      expect(readFileSync(join(directory, 'cpu.cfs_period_us'), 'utf8')).toBe('1429');
      expect(readFileSync(join(directory, 'cpu.cfs_quota_us'), 'utf8')).toBe('1000');
      expect(readFileSync(join(directory, 'cgroup.procs'), 'utf8')).toBe(String(pid));
    }
    expect(slowed.description).toMatch(/each of 2 processes held to 0\.7 of a core \(1000 us every 1429 us, cgroup v1\): a core 1\.43 times slower/);
    writeFileSync(join(root, 'cpu', 'strongroom-core-11', 'cpu.stat'), 'nr_periods 9\nnr_throttled 4\nthrottled_time 5000000\n');
    expect(slowed.restore().throttledMs).toBe(5);
    // The last process written back to the cgroup it came from (a file here; the kernel keeps the list).
    expect(readFileSync(join(root, 'cpu', 'cgroup.procs'), 'utf8')).toBe('12');
  });

  it('refuses a share that is not part of one core', () => {
    for (const share of [0, 1, 1.5, Number.NaN]) expect(() => slowCores([1], share, root, () => V1_SELF)).toThrow(/BENCH_CORE_SHARE must be/);
  });

  it('reads the time held back from cgroup v2 as well, and none where there is no cpu.stat', () => {
    writeFileSync(join(root, 'cpu.stat'), 'usage_usec 100\nthrottled_usec 2500\n');
    expect(throttledMsIn(root)).toBe(2.5);
    expect(throttledMsIn(join(root, 'absent'))).toBe(0);
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

  it('holds a busy process to a share of a core on its own, then puts it back where it was', async () => {
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    const cpuPathOf = (pid: number) => currentCgroupPath(readFileSync(`/proc/${pid}/cgroup`, 'utf8'), cgroupVersion());
    try {
      const before = cpuPathOf(busy.pid!);
      const slowed = slowCores([busy.pid!], 0.5);
      expect(cpuPathOf(busy.pid!)).toMatch(new RegExp(`strongroom-core-${busy.pid}$`));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Half of each 2 ms period held back: well over 10 ms in 300 ms.
      expect(slowed.restore().throttledMs).toBeGreaterThan(10);
      expect(cpuPathOf(busy.pid!)).toBe(before);
    } finally {
      const exited = once(busy, 'exit');
      busy.kill('SIGKILL');
      await exited;
    }
  });
});
