import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeLoop } from './loop-probe';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('probeLoop', () => {
  it('notes a stall of the event loop with the 100 ms in which it began', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loop-probe-'));
    const file = join(folder, 'stalls.txt');
    try {
      const stop = probeLoop(file);
      await sleep(60);
      const stallBeganEpochMs = performance.timeOrigin + performance.now();
      const busyUntil = performance.now() + 80;
      while (performance.now() < busyUntil) {
        /* the loop is held, as by a long collection or a long synchronous task */
      }
      await sleep(60);
      stop();
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      const stalls = lines.map((line) => line.split(' ').map(Number));
      const worst = stalls.reduce((most, [epochMs, lateMs]) => (lateMs > most[1] ? [epochMs, lateMs] : most), [0, 0]);
      expect(worst[1]).toBeGreaterThanOrEqual(65);
      // Its bucket is the 100 ms in which the held timer was due: within one bucket (and one tick) of the stall's start.
      expect(Math.abs(worst[0] - stallBeganEpochMs)).toBeLessThan(120);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
