// BENCH_DEBUG: preloaded into the bench's server (node --require), this notes when the server's event loop stalled, so
// that a burst of slow requests can be told apart: a stall in the server, one in the load generator, or the database.
// Each 100 ms of wall-clock time in which a 10 ms timer fired more than 10 ms late becomes a line
// "<epoch ms of the bucket's start> <worst lateness ms>" in the file LOOP_PROBE_FILE names.
import { appendFileSync } from 'node:fs';

const TICK_MS = 10;
const REPORT_OVER_MS = 10;
const BUCKET_MS = 100;

/** Starts noting the loop's stalls in `file`; the returned function stops it (and writes the last bucket). */
export function probeLoop(file: string): () => void {
  let expected = performance.now() + TICK_MS;
  let bucketStartMs = 0;
  let worstMs = 0;
  const flush = () => {
    if (worstMs > REPORT_OVER_MS) appendFileSync(file, `${bucketStartMs.toFixed(0)} ${worstMs.toFixed(1)}\n`);
    worstMs = 0;
  };
  const timer = setInterval(() => {
    const now = performance.now();
    const lateMs = now - expected;
    expected = now + TICK_MS;
    // The lateness belongs to the time the timer should have fired: the stall began then.
    const bucket = Math.floor((performance.timeOrigin + now - lateMs) / BUCKET_MS) * BUCKET_MS;
    if (bucket !== bucketStartMs) {
      flush();
      bucketStartMs = bucket;
    }
    worstMs = Math.max(worstMs, lateMs);
  }, TICK_MS).unref();
  return () => {
    clearInterval(timer);
    flush();
  };
}

if (process.env.LOOP_PROBE_FILE) probeLoop(process.env.LOOP_PROBE_FILE);
