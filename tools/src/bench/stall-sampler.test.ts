import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COUNTER_KEYS, type CounterDeltas, deltasBetween, describeMachineDuring, describeWriteback, diskOf, readCounters, readDisk, readMachineTicks } from './stall-sampler';

const zero = Object.fromEntries(COUNTER_KEYS.map((key) => [key, 0])) as CounterDeltas;

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

  it("reads the machine's busy time, its interrupts' share of it, iowait and steal from /proc/stat's ticks", () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    expect(readMachineTicks('cpu  100 2 30 5000 7 1 9 4 0 0\ncpu0 50 1 15 2500 3 0 4 2 0 0\n')).toEqual({ busyMs: 1_420, interruptsMs: 100, iowaitMs: 70, stealMs: 40 });
    // An old kernel's line without steal.
    expect(readMachineTicks('cpu 100 2 30 5000 7 1 9\n').stealMs).toBe(0);
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

describe('readDisk and diskOf', () => {
  // /proc/diskstats as a 6.x kernel writes it: 17 counters after the name.
  const diskstats = [
    '   7       0 loop0 1 0 2 0 0 0 0 0 0 4 0 0 0 0 0 0 0',
    ' 254       0 vda 89913 16739 3266066 32990 480846 129763 26224280 242682 0 48080 287877 11746 25 832432 1426 165861 10778',
  ].join('\n');

  it("reads the disk's busy time, what was written (sectors of 512 bytes) and its flushes' time", () => {
    expect(readDisk({ major: 254, minor: 0 }, diskstats)).toEqual({ diskBusyMs: 48080, diskWrittenKiB: 13112140, diskFlushMs: 10778 });
  });

  it('gives zeros for a disk it does not list, or none', () => {
    expect(readDisk({ major: 8, minor: 0 }, diskstats)).toEqual({ diskBusyMs: 0, diskWrittenKiB: 0, diskFlushMs: 0 });
    expect(readDisk(undefined, diskstats)).toEqual({ diskBusyMs: 0, diskWrittenKiB: 0, diskFlushMs: 0 });
  });

  it("names the device a path is on as /proc/diskstats does, and this machine's counters only rise", () => {
    const disk = diskOf(tmpdir());
    expect(disk.major).toBe(Math.floor(statSync(tmpdir()).dev / 256) % 4096);
    const before = readCounters(undefined, undefined, disk);
    const folder = mkdtempSync(join(tmpdir(), 'disk-'));
    try {
      writeFileSync(join(folder, 'written'), 'x', { flush: true });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const after = readCounters(undefined, undefined, disk);
    for (const key of ['diskBusyMs', 'diskWrittenKiB', 'diskFlushMs'] as const) expect(after[key]).toBeGreaterThanOrEqual(before[key]);
  });
});

describe('deltasBetween', () => {
  const reading = (atEpochMs: number, stealMs: number, serverWaitMs: number) => ({ ...zero, atEpochMs, stealMs, serverWaitMs });

  it('gives what each counter added between readings, one window a pair', () => {
    const deltas = deltasBetween([reading(0, 100, 5), reading(15_000, 100, 905), reading(30_000, 1_340, 1_200)]);
    expect(deltas).toEqual([
      { ...zero, stealMs: 0, serverWaitMs: 900 },
      { ...zero, stealMs: 1_240, serverWaitMs: 295 },
    ]);
  });

  it('gives no window for a single reading', () => {
    expect(deltasBetween([reading(0, 100, 5)])).toEqual([]);
  });
});

describe('describeMachineDuring', () => {
  it("gives each figure a second, and the rest of the machine as all busy time less the bench's own", () => {
    const delta = { ...zero, busyMs: 12_000, interruptsMs: 600, stealMs: 300, iowaitMs: 1_500, serverWaitMs: 900, diskBusyMs: 4_500, diskWrittenKiB: 30 * 1024 };
    expect(describeMachineDuring(delta, 10_500, 15)).toBe(
      "the machine, ms a second: steal 20, iowait 100, the server's main thread waiting for a core 60, the rest of the machine 100, interrupts 40; the data's disk busy 300 (2.0 MiB written a second)",
    );
  });

  it("never gives the rest of the machine below zero (the bench read its own CPU a tick apart from the machine's)", () => {
    expect(describeMachineDuring({ ...zero, busyMs: 1_000 }, 1_040, 1)).toContain('the rest of the machine 0,');
  });
});

describe('describeWriteback', () => {
  const settings = (values: Record<string, string>) => {
    const directory = mkdtempSync(join(tmpdir(), 'vm-'));
    for (const [name, value] of Object.entries(values)) writeFileSync(join(directory, name), `${value}\n`);
    return directory;
  };

  it("names the kernel's defaults: a file dirty for 30 s goes back whole, or once a tenth of memory is dirty", () => {
    const directory = settings({ dirty_expire_centisecs: '3000', dirty_writeback_centisecs: '500', dirty_background_bytes: '0', dirty_background_ratio: '10' });
    try {
      expect(describeWriteback(directory)).toBe('the kernel writes a dirty file back once it has been dirty 30 s (looking every 5 s), or above 10% of memory dirty');
    } finally {
      rmSync(directory, { recursive: true });
    }
  });

  it('gives a byte threshold where one is set, and fractions of a second', () => {
    const directory = settings({ dirty_expire_centisecs: '150', dirty_writeback_centisecs: '100', dirty_background_bytes: String(16 * 2 ** 20), dirty_background_ratio: '0' });
    try {
      expect(describeWriteback(directory)).toBe('the kernel writes a dirty file back once it has been dirty 1.50 s (looking every 1 s), or above 16 MiB dirty');
    } finally {
      rmSync(directory, { recursive: true });
    }
  });

  it('says nothing where the settings cannot be read (not Linux)', () => {
    const directory = settings({});
    try {
      expect(describeWriteback(directory)).toBeUndefined();
    } finally {
      rmSync(directory, { recursive: true });
    }
  });
});
