import { spawn } from 'node:child_process';
import { CpuTally, type TallyReading, type SecondReading, describeSlowSeconds, postgresKind, restOfSecondMs, windowTotals } from './second-sampler';

const none: TallyReading = { server: 0, backends: 0, autovacuum: 0, checkpointer: 0, otherPostgres: 0, brief: 0, loadGenerator: 0, backendsStarted: 0 };
const quiet = { busyMs: 0, interruptsMs: 0, stealMs: 0, iowaitMs: 0, throttledMs: 0, serverRunMs: 0, serverWaitMs: 0, diskBusyMs: 0, diskWrittenKiB: 0, diskFlushMs: 0 };

describe('postgresKind', () => {
  it("tells PostgreSQL's processes apart by their titles", () => {
    expect(postgresKind('postgres: autovacuum worker strongroom\0')).toBe('autovacuum');
    expect(postgresKind('postgres: autovacuum launcher\0')).toBe('autovacuum');
    expect(postgresKind('postgres: checkpointer \0')).toBe('checkpointer');
    expect(postgresKind('postgres: walwriter \0')).toBe('otherPostgres');
    expect(postgresKind('postgres: background writer \0')).toBe('otherPostgres');
    expect(postgresKind('postgres: strongroom strongroom 127.0.0.1(51234) idle\0')).toBe('backends');
  });
});

describe('windowTotals', () => {
  // Second n: steal n, the server waited 10 ms, the CPU limit held it back 1 ms.
  const seconds = (count: number) => Array.from({ length: count }, (_, n) => ({ ...quiet, stealMs: n, serverWaitMs: 10, throttledMs: 1 }));

  it("adds each window's seconds up", () => {
    expect(windowTotals(seconds(6), 3)).toEqual([
      { ...quiet, stealMs: 0 + 1 + 2, serverWaitMs: 30, throttledMs: 3 },
      { ...quiet, stealMs: 3 + 4 + 5, serverWaitMs: 30, throttledMs: 3 },
    ]);
  });

  it('lets a last window shorter than half a window join the one before it, and keeps one of half or more', () => {
    expect(windowTotals(seconds(31), 15).map((window) => window.serverWaitMs)).toEqual([150, 160]);
    expect(windowTotals(seconds(38), 15).map((window) => window.serverWaitMs)).toEqual([150, 150, 80]);
  });

  it('makes a run shorter than a window one window, and no seconds no window', () => {
    expect(windowTotals(seconds(4), 15)).toEqual([{ ...quiet, stealMs: 6, serverWaitMs: 40, throttledMs: 4 }]);
    expect(windowTotals([], 15)).toEqual([]);
  });
});

describe('describeSlowSeconds', () => {
  const second = (server: number, autovacuum: number): SecondReading => ({ ...none, ...quiet, server, autovacuum, throttledMs: 7 });

  it('names the seconds with the most slow requests, most first, and a median second for scale', () => {
    const lines = describeSlowSeconds([second(300, 0), second(310, 0), second(620, 900), second(305, 0), second(302, 0)], [0, 2, 40], { cpuLimited: false, top: 2 });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^at 2 s, 40 over 50 ms: server 620 \(its main thread 0\), .*autovacuum 900,/);
    expect(lines[1]).toMatch(/^at 1 s, 2 over 50 ms: server 310 /);
    // By slow requests: 0 at 0, 3 and 4 s, 2 at 1 s, 40 at 2 s; the middle of the five is 4 s.
    expect(lines[2]).toMatch(/^a median second \(at 4 s, 0 over 50 ms\): server 302 /);
    expect(lines[0]).toMatch(/; steal 0; iowait 0; disk busy 0 \(0\.0 MiB written, flushes 0\)$/);
    expect(lines.join('\n')).not.toMatch(/held back/);
  });

  it('says how long the CPU limit held the bench back when there was one', () => {
    expect(describeSlowSeconds([second(300, 0)], [5], { cpuLimited: true })[0]).toMatch(/held back 7; disk busy/);
  });

  it("says what the server's collections took in each second named, where they were read", () => {
    const gc = [
      { scavenges: 1, scavengePauseMs: 1.5, majors: [] },
      { scavenges: 3, scavengePauseMs: 12.34, majors: [{ pauseMs: 27.1, markingStepsMs: 65.7 }] },
      { scavenges: 0, scavengePauseMs: 0, majors: [] },
    ];
    const lines = describeSlowSeconds([second(300, 0), second(310, 0), second(305, 0)], [0, 120, 0], { cpuLimited: false, gc });
    expect(lines[0]).toMatch(/^at 1 s, 120 over 50 ms: .*flushes 0\); the server's collections: 12\.3 ms in 3 scavenges, a mark-compact \(pause 27\.1 ms, marking steps 65\.7 ms\)$/);
    expect(lines[1]).toMatch(/^a median second \(at 2 s, 0 over 50 ms\): .*; the server's collections: 0\.0 ms in 0 scavenges$/);
    // Without them, nothing is said about collections.
    expect(describeSlowSeconds([second(300, 0)], [5], { cpuLimited: false })[0]).not.toMatch(/collections/);
  });

  it('gives nothing for a run without readings', () => {
    expect(describeSlowSeconds([], [], { cpuLimited: false })).toEqual([]);
  });

  it("names what the rest of the machine used: the cores' busy time less the bench's processes'", () => {
    const busy: SecondReading = { ...none, ...quiet, server: 350, backends: 460, otherPostgres: 10, loadGenerator: 110, busyMs: 1_430, interruptsMs: 400 };
    expect(restOfSecondMs(busy)).toBe(500);
    // The interrupts are said beside the rest: those that found a core idle are charged to no process, so are in it.
    expect(describeSlowSeconds([busy], [9], { cpuLimited: false })[0]).toMatch(/load generator 110, the rest of the machine 500; interrupts 400; /);
    // The two are counted in ticks: a reading of the processes a tick ahead of the machine's is not a negative.
    expect(restOfSecondMs({ ...busy, busyMs: 920 })).toBe(0);
  });

  it('says who the rest of the machine was, where the sampler read the processes outside the bench', () => {
    const busy: SecondReading = {
      ...none,
      ...quiet,
      server: 350,
      backends: 460,
      busyMs: 1_310,
      others: new Map([
        ['ksoftirqd', 300],
        ['kworker-writeback', 120],
        ['cron', 10],
      ]),
    };
    expect(describeSlowSeconds([busy], [9], { cpuLimited: false })[0]).toMatch(/the rest of the machine 500 \(ksoftirqd 300, kworker-writeback 120\); interrupts 0; the server's/);
    expect(describeSlowSeconds([{ ...busy, others: new Map([['cron', 10]]) }], [9], { cpuLimited: false })[0]).toMatch(/the rest of the machine 500; interrupts 0; the server's/);
  });
});

describe('CpuTally', () => {
  it("counts a PostgreSQL process's time to the kind its title names, and what it used after it was last seen once it exits", async () => {
    // This process stands in for the postmaster: a child whose title says autovacuum spins for 200 ms of its own CPU
    // time (however long a busy machine takes to give it that), says so, then spins 200 ms more and exits when told.
    const spin = [
      'const spinUntil = (us) => { while (process.cpuUsage().user + process.cpuUsage().system < us) {} };',
      'spinUntil(200_000); console.log("spun");',
      'process.stdin.once("data", () => { spinUntil(400_000); process.exit(0); });',
    ].join(' ');
    const tally = new CpuTally(undefined, process.pid);
    const child = spawn(process.execPath, ['-e', spin, 'autovacuum', 'worker']);
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const whileAlive = tally.next();
      // /proc counts in 10 ms ticks: 200 ms of CPU (and the child's start-up) reads as at least 190.
      expect(whileAlive.autovacuum).toBeGreaterThanOrEqual(190);
      expect(whileAlive.checkpointer).toBe(0);
      expect(whileAlive.backendsStarted).toBe(0);
      expect(whileAlive.server).toBe(0);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.write('go\n');
      await exited;
      // Reaped: its last 200 ms came through the postmaster's children's time, less what had been seen of it.
      const afterExit = tally.next();
      expect(afterExit.autovacuum).toBeGreaterThanOrEqual(190);
      expect(afterExit.autovacuum).toBeLessThan(350);
      expect(afterExit.brief).toBe(0);
      expect(afterExit.loadGenerator).toBeGreaterThanOrEqual(0);
    } finally {
      child.kill();
    }
  });

  it('counts a backend once, in the reading that first sees it', async () => {
    const tally = new CpuTally(undefined, process.pid);
    const child = spawn(process.execPath, ['-e', 'console.log("up"); process.stdin.once("data", () => process.exit(0));', 'strongroom', '127.0.0.1(51234)', 'idle']);
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      expect(tally.next().backendsStarted).toBe(1);
      expect(tally.next().backendsStarted).toBe(0);
    } finally {
      child.kill();
    }
  });
});
