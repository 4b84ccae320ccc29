import { spawn } from 'node:child_process';
import { GcTally, type GcFigures, describeMajorsBefore, gcBySecond, parseGcLine, scavengeTotals } from './gc-tally';

describe('parseGcLine', () => {
  it('reads the kind and the pause of the lines --trace-gc prints (Node 20)', () => {
    expect(parseGcLine('[9551:0x42fe6eb0]    35460 ms: Scavenge 101.9 (142.1) -> 76.3 (142.1) MB, 1.51 / 0.45 ms  (average mu = 0.956, current mu = 0.956) task; ')).toEqual({
      major: false,
      pauseMs: 1.51,
      markingStepsMs: 0,
      requested: false,
    });
    expect(
      parseGcLine(
        '[7204:0x4181fd70]    43555 ms: Mark-Compact 83.1 (127.9) -> 45.8 (124.4) MB, 13.11 / 0.54 ms  (+ 22.0 ms in 130 steps since start of marking, biggest step 5.4 ms, walltime since start of marking 47 ms) (average mu = 0.996, current mu = 0.990) finalize incremental marking via task; GC in old space requested',
      ),
    ).toEqual({ major: true, pauseMs: 13.11, markingStepsMs: 22, requested: false });
    expect(
      parseGcLine('[8401:0x17ed5470]       80 ms: Mark-Compact 19.1 (32.6) -> 2.9 (20.5) MB, 3.84 / 0.00 ms  (average mu = 1.000, current mu = 1.000) testing; GC in old space requested'),
    ).toEqual({
      major: true,
      pauseMs: 3.84,
      markingStepsMs: 0,
      requested: true,
    });
  });

  it('leaves every other line alone', () => {
    expect(parseGcLine('Strongroom is running')).toBeUndefined();
    expect(parseGcLine('Scavenge 1.0 (2.0) -> 0.5 (2.0) MB, 1.00 / 0.00 ms')).toBeUndefined();
  });
});

describe('GcTally', () => {
  it("counts a real process's collections between start and stop and passes its other lines on", async () => {
    // The child prints a line, then waits for one on stdin before collecting: a scavenge and a full collection.
    const child = spawn(
      process.execPath,
      ['--trace-gc', '--expose-gc', '-e', `console.log('ready'); process.stdin.once('data', () => { gc({ type: 'minor' }); gc(); console.log('collected'); process.exit(0); });`],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const printed: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    try {
      const tally = new GcTally(child);
      await new Promise<void>((resolve) => {
        const wait = setInterval(() => {
          if (printed.includes('ready')) {
            clearInterval(wait);
            resolve();
          }
        }, 10);
      });
      tally.start();
      child.stdin?.write('go\n');
      await new Promise((resolve) => child.once('close', resolve));
      const figures = tally.stop();
      expect(figures.scavenges.length).toBeGreaterThanOrEqual(1);
      expect(figures.majors.length).toBeGreaterThanOrEqual(1);
      expect(scavengeTotals(figures.scavenges).pauseMs).toBeGreaterThan(0);
      // Each mark-compact with its pause and when its line came: during this test.
      expect(Math.max(...figures.majors.map((major) => major.pauseMs))).toBeGreaterThan(0);
      for (const major of figures.majors) expect(Math.abs(major.atEpochMs - Date.now())).toBeLessThan(60_000);
      // And each scavenge when its line came, so that a slow second can be set beside the collections that ended in it.
      for (const scavenge of figures.scavenges) expect(Math.abs(scavenge.atEpochMs - Date.now())).toBeLessThan(60_000);
      expect(printed).toEqual(['ready', 'collected']);
      expect(tally.stop().scavenges).toHaveLength(0);
      // gc() is a requested mark-compact, kept in the whole run's record whether counted or not.
      expect(tally.majorsSinceStart.some((major) => major.requested)).toBe(true);
    } finally {
      log.mockRestore();
      child.kill();
    }
  });
});

describe('describeMajorsBefore', () => {
  it("counts the mark-compacts before the minute and the idle collector's among them", () => {
    const majors = [
      { atEpochMs: 1_000, requested: false },
      { atEpochMs: 20_000, requested: true },
      { atEpochMs: 40_000, requested: true },
      { atEpochMs: 90_000, requested: false },
    ];
    expect(describeMajorsBefore(majors, 60_000)).toBe("the server's mark-compacts before the minute: 3, 2 of them its idle collector's, the last 20 s before it");
    expect(describeMajorsBefore(majors.slice(0, 1), 60_000)).toBe("the server's mark-compacts before the minute: 1, 0 of them its idle collector's");
  });
});

describe('scavengeTotals', () => {
  it('counts the scavenges, adds their pauses up and finds the longest', () => {
    expect(scavengeTotals([])).toEqual({ count: 0, pauseMs: 0, longestMs: 0 });
    expect(
      scavengeTotals([
        { atEpochMs: 1, pauseMs: 1.5 },
        { atEpochMs: 2, pauseMs: 4.25 },
        { atEpochMs: 3, pauseMs: 2 },
      ]),
    ).toEqual({ count: 3, pauseMs: 7.75, longestMs: 4.25 });
  });
});

describe('gcBySecond', () => {
  const startEpochMs = 1_000_000;
  const figures: GcFigures = {
    scavenges: [
      { atEpochMs: startEpochMs + 200, pauseMs: 1 },
      { atEpochMs: startEpochMs + 999, pauseMs: 2 },
      { atEpochMs: startEpochMs + 2_500, pauseMs: 4 },
      // After the run's last second: left out.
      { atEpochMs: startEpochMs + 3_000, pauseMs: 3 },
    ],
    majors: [{ atEpochMs: startEpochMs + 2_900, pauseMs: 27.1, markingStepsMs: 65.7 }],
  };

  it('puts each collection in the second of the run in which it ended', () => {
    expect(gcBySecond(figures, startEpochMs, 3)).toEqual([
      { scavenges: 2, scavengePauseMs: 3, majors: [] },
      { scavenges: 0, scavengePauseMs: 0, majors: [] },
      { scavenges: 1, scavengePauseMs: 4, majors: [{ pauseMs: 27.1, markingStepsMs: 65.7 }] },
    ]);
  });

  it('leaves out what ended before the run began', () => {
    expect(gcBySecond(figures, startEpochMs + 1_000, 1)).toEqual([{ scavenges: 0, scavengePauseMs: 0, majors: [] }]);
  });
});
