// The bench's open-loop load generator (npm run bench): requests sent at a fixed rate, whatever the server does.
import { RawHttpPool } from './raw-http';

/** Figures for the console (timings, not money). */
export const fig = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });

/**
 * The length of the windows whose p99 steadyRate reports beside the whole run's: the length the steady run had before it
 * ran for a minute, so that the worst of them is the figure shorter runs gave.
 */
export const STEADY_WINDOW_S = 15;

/** A request slower than this is counted by the second (and, with BENCH_DEBUG, the 100 ms) it was due in. */
export const SLOW_MS = 50;

/**
 * Open-loop load at a steady rate: request i is due at start + i/rate, whatever happened to the others,
 * and its latency counts from when it was due (so a stall is not hidden by requests that were never sent).
 * autocannon's rate mode sends each connection's quota for the second back to back and then idles, which
 * measures bursts, not a rate. The load generator shares the machine's cores with the server and PostgreSQL, so its
 * requests go through RawHttpPool, which costs it least.
 */
export async function steadyRate(
  url: URL,
  rate: number,
  durationS: number,
  body: () => { headers: Record<string, string>; payload: string },
  {
    windowS = STEADY_WINDOW_S,
    pool: givenPool,
    until,
  }: {
    windowS?: number;
    /** Connections kept from an earlier run (the caller closes them). */ pool?: RawHttpPool;
    /** Sends no more once it answers true (before `durationS` is up): a run as long as something else's. */
    until?: () => boolean;
  } = {},
) {
  const pool = givenPool ?? new RawHttpPool(url);
  // Each request's latency, in the window of `windowS` it was due in: the whole run's figures are all the windows'.
  const windowLatenciesMs: number[][] = [];
  // How late each request left this process after it was due: the load generator waiting for a core counts in the
  // latency too (measured from when it was due), and this says how much of it that was.
  const sendLagsMs: number[] = [];
  // BENCH_DEBUG only (the generator shares the cores it measures): per 100 ms of due time, the requests over 50 ms and
  // the latest any request of it left.
  const debug = !!process.env.BENCH_DEBUG;
  const slow = new Map<number, { n: number; maxMs: number }>();
  const worstSendLagMs = new Map<number, number>();
  // Every run: the requests over 50 ms by the second they were due in, to set beside who was on the cores in that
  // second (second-sampler.ts).
  const slowBySecond: number[] = [];
  let ok = 0;
  let failed = 0;
  let total = Math.floor(rate * durationS);
  const start = performance.now();
  const startEpochMs = performance.timeOrigin + start;
  // For lining the slow requests up with a system-wide profile (perf record -k mono): CLOCK_MONOTONIC at the start.
  if (debug) console.log(`steady run starts at monotonic ${fig(Number(process.hrtime.bigint() / 1000n) / 1e6, 6)} s`);
  await new Promise<void>((resolve) => {
    let sent = 0;
    let done = 0;
    const fire = () => {
      if (until?.()) {
        total = sent;
        if (done === total) resolve();
        return;
      }
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        const due = start + (sent * 1000) / rate;
        sent++;
        const { headers, payload } = body();
        const finished = (statusCode?: number) => {
          const ms = performance.now() - due;
          (windowLatenciesMs[Math.floor((due - start) / (windowS * 1000))] ??= []).push(ms);
          if (ms > SLOW_MS) {
            const second = Math.floor((due - start) / 1000);
            slowBySecond[second] = (slowBySecond[second] ?? 0) + 1;
            if (debug) {
              const bucket = Math.floor((due - start) / 100);
              const before = slow.get(bucket) ?? { n: 0, maxMs: 0 };
              slow.set(bucket, { n: before.n + 1, maxMs: Math.max(before.maxMs, ms) });
            }
          }
          if (statusCode && statusCode < 300) ok++;
          else failed++;
          if (++done === total) resolve();
        };
        pool.request('POST', url.pathname, headers, payload).then(finished, () => finished());
        const lagMs = performance.now() - due;
        sendLagsMs.push(lagMs);
        if (debug) {
          const bucket = Math.floor((due - start) / 100);
          worstSendLagMs.set(bucket, Math.max(worstSendLagMs.get(bucket) ?? 0, lagMs));
        }
      }
      // Asleep until the next request is due: a timer every millisecond woke this process (sharing the server's two
      // cores) three times a request at 300/s; its CPU a transfer fell from 0.81-0.99 ms to 0.70 on a slow machine.
      if (sent < total) setTimeout(fire, Math.ceil(start + (sent * 1000) / rate - performance.now()));
    };
    fire();
  });
  if (!givenPool) pool.close();
  if (slow.size)
    console.log(
      `over ${SLOW_MS} ms (due at s: count, worst ms, sent late by at worst ms):`,
      [...slow].map(([b, v]) => `${fig(b / 10, 1)}:${v.n},${fig(v.maxMs)},${fig(worstSendLagMs.get(b) ?? 0)}`).join(' '),
    );
  const elapsedS = (performance.now() - start) / 1000;
  return {
    elapsedS,
    ratePerS: ok / elapsedS,
    ...latencyFigures(windowLatenciesMs),
    sendLagP99: quantile(
      sendLagsMs.sort((a, b) => a - b),
      0.99,
    ),
    ok,
    failed,
    slowBuckets: [...slow.keys()],
    slowBySecond,
    startEpochMs,
  };
}

/** The value at quantile `q` (0.99 for the p99) of values sorted ascending. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * The p50 and p99 of a steady run's latencies, and each window's p99, from the latencies grouped by the window they were
 * due in. A window nothing was due in (a rate below one a window) is a hole in the array: it has no p99.
 */
export function latencyFigures(windowLatenciesMs: number[][]): { p50: number; p99: number; windowP99s: number[] } {
  const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
  const all = ascending(windowLatenciesMs.flat());
  const windowP99s = windowLatenciesMs.filter((latencies) => latencies?.length > 0).map((latencies) => quantile(ascending(latencies), 0.99));
  return { p50: quantile(all, 0.5), p99: quantile(all, 0.99), windowP99s };
}
