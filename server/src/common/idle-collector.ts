import type { Server } from 'node:http';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection in a quiet second (docs/performance.md#heap-headroom-and-idle-collection). The server's old generation fills slowly under
 * load and V8 starts a mark-compact once it has doubled; without this, that collection comes whenever the
 * heap happens to reach the limit, which is under load, where its pause and its marking on the main thread hold a
 * few hundred payments. Here, once no request has begun for a whole check interval and the old generation has grown
 * by `growthBytes` since the last time, the server collects at once, while nobody waits for it; the limit is then
 * set from what that collection kept. Under unbroken load it never fires and V8 collects as before.
 */
export interface IdleCollectorOptions {
  /** How often to look; a request begun within the last interval means the server is not idle. */
  checkEveryMs: number;
  /** How much the old generation must have grown since the last collection for another to be worth its pause. */
  growthBytes: number;
  /** The least time between two collections, whatever the growth. */
  minimumGapMs: number;
}

export const IDLE_COLLECTOR_DEFAULTS: IdleCollectorOptions = {
  checkEveryMs: 1_000,
  growthBytes: 8 * 1024 * 1024,
  minimumGapMs: 10_000,
};

export interface IdleReading {
  /** Requests begun since the server started, now and at the previous check. */
  requestsBegun: number;
  requestsBegunBefore: number;
  /** The old generation's used bytes now and right after the last collection (this one's or V8's own, as read then). */
  oldGenerationBytes: number;
  keptBytes: number;
  nowMs: number;
  lastCollectedMs: number;
}

export function shouldCollect(reading: IdleReading, options: IdleCollectorOptions): boolean {
  if (reading.requestsBegun !== reading.requestsBegunBefore) return false;
  if (reading.nowMs - reading.lastCollectedMs < options.minimumGapMs) return false;
  return reading.oldGenerationBytes - reading.keptBytes >= options.growthBytes;
}

/** Everything but the young generation: what a mark-compact walks and what its limit is measured on. */
export function oldGenerationBytes(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space') used += space.space_used_size;
  }
  return used;
}

/**
 * V8's `gc` without `--expose-gc` on the command line, so the server collects however it was started: the flag is
 * set for as long as a new context takes to be made (which is when V8 installs `gc` in a context), then unset, so
 * no module ever finds a global `gc`.
 */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

export interface IdleCollector {
  stop(): void;
  /** One look now, as the timer takes every `checkEveryMs`; true when it collected. */
  check(): boolean;
  /** Collections made so far. */
  readonly collections: number;
}

export function startIdleCollector(server: Server, options: IdleCollectorOptions = IDLE_COLLECTOR_DEFAULTS): IdleCollector {
  const collect = fullCollection();
  let requestsBegun = 0;
  let requestsBegunBefore = 0;
  let keptBytes = oldGenerationBytes();
  let lastCollectedMs = Date.now();
  let collections = 0;
  const countRequest = () => {
    requestsBegun += 1;
  };
  server.on('request', countRequest);
  const check = () => {
    const nowMs = Date.now();
    const reading = { requestsBegun, requestsBegunBefore, oldGenerationBytes: oldGenerationBytes(), keptBytes, nowMs, lastCollectedMs };
    requestsBegunBefore = requestsBegun;
    // V8 collected on its own since (under load): measure growth from what it kept, not from an older, larger figure.
    if (reading.oldGenerationBytes < keptBytes) keptBytes = reading.oldGenerationBytes;
    if (!shouldCollect(reading, options)) return false;
    collect();
    collections += 1;
    keptBytes = oldGenerationBytes();
    lastCollectedMs = Date.now();
    return true;
  };
  const timer = setInterval(check, options.checkEveryMs);
  timer.unref();
  return {
    check,
    stop() {
      clearInterval(timer);
      server.off('request', countRequest);
    },
    get collections() {
      return collections;
    },
  };
}
