import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OthersTally, describeOthers, groupName } from './others-tally';

/** A /proc of our own: each process's stat line with its name, parent and user + system ticks (10 ms each). */
function fakeProc() {
  const directory = mkdtempSync(join(tmpdir(), 'proc-'));
  const write = (pid: number, comm: string, ppid: number, userTicks: number, systemTicks = 0, reapedUserTicks = 0) => {
    mkdirSync(join(directory, String(pid)), { recursive: true });
    // Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    writeFileSync(join(directory, String(pid), 'stat'), `${pid} (${comm}) S ${ppid} 1 1 0 -1 0 0 0 0 0 ${userTicks} ${systemTicks} ${reapedUserTicks} 0 20 0 1 0\n`);
  };
  const remove = (pid: number) => rmSync(join(directory, String(pid)), { recursive: true });
  return { directory, write, remove, done: () => rmSync(directory, { recursive: true }) };
}

describe('groupName', () => {
  it('takes out what varies between instances of a kernel thread, and keeps other names whole', () => {
    expect(groupName('kworker/u8:3-writeback')).toBe('kworker-writeback');
    expect(groupName('kworker/1:2H-kblockd')).toBe('kworker-kblockd');
    expect(groupName('kworker/0:1')).toBe('kworker');
    expect(groupName('ksoftirqd/1')).toBe('ksoftirqd');
    expect(groupName('jbd2/vda1-8')).toBe('jbd2/vda1-8');
    expect(groupName('redis-server')).toBe('redis-server');
  });
});

describe('describeOthers', () => {
  it('names the three that used most, at least 20 ms each', () => {
    const byName = new Map([
      ['ksoftirqd', 120],
      ['kworker-writeback', 40],
      ['jbd2/vda1-8', 20],
      ['redis-server', 60],
      ['cron', 10],
    ]);
    expect(describeOthers(byName)).toBe('ksoftirqd 120, redis-server 60, kworker-writeback 40');
    expect(describeOthers(new Map([['cron', 10]]))).toBe('');
  });
});

describe('OthersTally', () => {
  it('counts the processes that began and ended between two readings to their parent, less what was seen of them', () => {
    const proc = fakeProc();
    try {
      proc.write(40, 'monitor', 1, 100);
      proc.write(41, 'probe', 40, 10);
      const tally = new OthersTally(undefined, undefined, proc.directory);

      // The probe worked 20 ticks; a command nobody saw ran 50 ticks and the monitor reaped it.
      proc.write(41, 'probe', 40, 30);
      proc.write(40, 'monitor', 1, 100, 0, 50);
      expect(tally.next()).toEqual(
        new Map([
          ['probe', 200],
          ['children of monitor', 500],
        ]),
      );

      // The probe worked 5 ticks more, ended and was reaped: its 35 ticks reach the monitor's reaped, of which 30 had
      // been seen (10 of them before the first reading); only the 5 nobody saw are new.
      proc.remove(41);
      proc.write(40, 'monitor', 1, 100, 0, 85);
      expect(tally.next()).toEqual(new Map([['children of monitor', 50]]));
      expect(tally.next()).toEqual(new Map());
    } finally {
      proc.done();
    }
  });

  it("counts each outside process's core time since the reading before, by name, and leaves out the bench's own", () => {
    const proc = fakeProc();
    const serverPid = 500;
    const postmasterPid = 600;
    try {
      proc.write(10, 'ksoftirqd/0', 2, 100);
      proc.write(11, 'ksoftirqd/1', 2, 50);
      proc.write(20, 'redis-server', 1, 1_000);
      proc.write(serverPid, 'node', process.pid, 9_000);
      proc.write(postmasterPid, 'postgres', 1, 4_000);
      proc.write(601, 'postgres', postmasterPid, 7_000);
      proc.write(process.pid, 'node', 1, 3_000);
      const tally = new OthersTally(serverPid, postmasterPid, proc.directory);

      // A second later: the softirq threads worked 12 + 3 ticks, redis 2; the bench's processes much more, not counted.
      proc.write(10, 'ksoftirqd/0', 2, 110, 2);
      proc.write(11, 'ksoftirqd/1', 2, 53);
      proc.write(20, 'redis-server', 1, 1_002);
      proc.write(serverPid, 'node', process.pid, 9_050);
      proc.write(601, 'postgres', postmasterPid, 7_080);
      proc.write(process.pid, 'node', 1, 3_020);
      // Began since the first reading: all of its time is this second's.
      proc.write(30, 'kworker/u8:3-writeback', 2, 4);
      expect(tally.next()).toEqual(
        new Map([
          ['ksoftirqd', 150],
          ['redis-server', 20],
          ['kworker-writeback', 40],
        ]),
      );

      // Nothing moved, and a process ended: nothing to count.
      proc.remove(30);
      expect(tally.next()).toEqual(new Map());
    } finally {
      proc.done();
    }
  });

  it('at its first reading only sets where each process starts', () => {
    const proc = fakeProc();
    try {
      proc.write(10, 'ksoftirqd/0', 2, 100);
      const tally = new OthersTally(undefined, undefined, proc.directory);
      proc.write(10, 'ksoftirqd/0', 2, 101);
      expect(tally.next()).toEqual(new Map([['ksoftirqd', 10]]));
    } finally {
      proc.done();
    }
  });

  it('reads the real /proc: a process that spun for 200 ms of a core is there under its name', async () => {
    const tally = new OthersTally(undefined, undefined);
    // Spins until it has used 200 ms of its own CPU (however long a busy machine takes), says so, then waits to be ended.
    const spin =
      "process.title = 'othersprobe'; const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }; while (used() < 200); console.log('spun'); setInterval(() => {}, 1000);";
    const child = spawn(process.execPath, ['-e', spin], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const byName = tally.next();
      // Its start-up is in it too. The kernel counts in ticks, charging a whole 10 ms to whoever is on the core then,
      // so on a busy machine twenty ticks' worth can read a few ticks either way: half of it is the bound.
      expect(byName.get('othersprobe')).toBeGreaterThanOrEqual(100);
      expect(byName.get('othersprobe')).toBeLessThan(2_000);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
