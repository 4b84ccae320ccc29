import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { IDLE_COLLECTOR_DEFAULTS, oldGenerationBytes, shouldCollect, startIdleCollector, type IdleReading } from './idle-collector';

const quiet: IdleReading = { requestsBegun: 5, requestsBegunBefore: 5, oldGenerationBytes: 60e6, keptBytes: 40e6, nowMs: 100_000, lastCollectedMs: 0 };

describe('shouldCollect', () => {
  it('collects a grown heap in a check interval with no request', () => {
    expect(shouldCollect(quiet, IDLE_COLLECTOR_DEFAULTS)).toBe(true);
  });
  it('waits while requests are arriving', () => {
    expect(shouldCollect({ ...quiet, requestsBegun: 6 }, IDLE_COLLECTOR_DEFAULTS)).toBe(false);
  });
  it('leaves a heap that has grown less than the threshold', () => {
    const grownBytes = IDLE_COLLECTOR_DEFAULTS.growthBytes - 1;
    expect(shouldCollect({ ...quiet, oldGenerationBytes: quiet.keptBytes + grownBytes }, IDLE_COLLECTOR_DEFAULTS)).toBe(false);
    expect(shouldCollect({ ...quiet, oldGenerationBytes: quiet.keptBytes + grownBytes + 1 }, IDLE_COLLECTOR_DEFAULTS)).toBe(true);
  });
  it('keeps the least gap between two collections', () => {
    const justAfter = { ...quiet, lastCollectedMs: quiet.nowMs - IDLE_COLLECTOR_DEFAULTS.minimumGapMs + 1 };
    expect(shouldCollect(justAfter, IDLE_COLLECTOR_DEFAULTS)).toBe(false);
    expect(shouldCollect({ ...justAfter, lastCollectedMs: justAfter.lastCollectedMs - 1 }, IDLE_COLLECTOR_DEFAULTS)).toBe(true);
  });
});

describe('startIdleCollector', () => {
  let server: Server;
  let port: number;
  // The timer is left to its default minute so that only the test's own checks look.
  const manual = { checkEveryMs: 60_000, growthBytes: 0, minimumGapMs: 0 };

  beforeAll(async () => {
    server = createServer((_incoming, outgoing) => outgoing.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = () =>
    new Promise<void>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/', agent: false }, (answer) => answer.resume().on('end', resolve))
        .on('error', reject)
        .end();
    });

  it('makes a real full collection once no request has begun since the last check, and not while one has', async () => {
    const majors: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as PerformanceEntry & { detail?: { kind: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(entry.startTime);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    const collector = startIdleCollector(server, manual);
    try {
      collector.check();
      const collectionsBefore = collector.collections;
      await get();
      expect(collector.check()).toBe(false);
      expect(collector.collections).toBe(collectionsBefore);
      expect(collector.check()).toBe(true);
      expect(collector.collections).toBe(collectionsBefore + 1);
      // The observer's entries arrive on a later turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(majors.length).toBeGreaterThanOrEqual(1);
    } finally {
      collector.stop();
      observer.disconnect();
    }
  });

  it('frees what the old generation held and measures the next growth from what it kept', async () => {
    const collector = startIdleCollector(server, { ...manual, growthBytes: 16 * 1024 * 1024 });
    try {
      // ~40 MB kept across scavenges reaches the old generation, then is let go.
      let held: string[][] | null = Array.from({ length: 200 }, (_, row) => Array.from({ length: 5_000 }, (_, column) => `${row}:${column}:padding`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const grownBytes = oldGenerationBytes();
      expect(held.length).toBe(200);
      held = null;
      expect(collector.check()).toBe(true);
      expect(oldGenerationBytes()).toBeLessThan(grownBytes - 16 * 1024 * 1024);
      // Nothing grew since: the next quiet check leaves the heap alone.
      expect(collector.check()).toBe(false);
    } finally {
      collector.stop();
    }
  });
});
