// BENCH_DEBUG: what PostgreSQL's backends were doing while the steady run's slow requests were due, to tell a stall in
// the database (a wait event, an autovacuum worker on the CPU) from one in the server (backends idle meanwhile).
import type { DataSource } from 'typeorm';
import { fig } from './steady-rate';

/** A client backend's or autovacuum worker's state and wait event (`cpu`: none), with the autovacuum's work. */
const ACTIVITY = `
  SELECT replace(a.backend_type, 'client backend', 'backend') || ' ' || a.state || ' ' || coalesce(a.wait_event, 'cpu')
         || CASE WHEN a.backend_type = 'autovacuum worker' THEN ' ' || coalesce(v.phase, 'analyzing') || ' ' || replace(a.query, 'autovacuum: ', '') ELSE '' END AS what,
         count(*)::int AS n
    FROM pg_stat_activity a LEFT JOIN pg_stat_progress_vacuum v USING (pid)
   WHERE a.pid <> pg_backend_pid() AND a.state <> 'idle' AND a.backend_type IN ('client backend', 'autovacuum worker')
   GROUP BY 1`;

/**
 * Samples pg_stat_activity every `everyMs` until the returned function is called, as stall-sampler.ts's is, with the
 * steady run's start (epoch ms) and the 100 ms buckets (of time since that start) to print: for each, the mean number of
 * backends seen in each state.
 */
export function sampleActivity(ds: DataSource, everyMs = 20) {
  const samples: { atEpochMs: number; found: { what: string; n: number }[] }[] = [];
  let running = true;
  const sampling = (async () => {
    while (running) {
      const atEpochMs = performance.timeOrigin + performance.now();
      samples.push({ atEpochMs, found: await ds.query(ACTIVITY) });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async (startEpochMs: number, toPrint: number[]) => {
    running = false;
    await sampling;
    const buckets = new Map<number, { samples: number; seen: Map<string, number> }>();
    for (const sample of samples) {
      const bucketIndex = Math.floor((sample.atEpochMs - startEpochMs) / 100);
      const bucket = buckets.get(bucketIndex) ?? { samples: 0, seen: new Map<string, number>() };
      bucket.samples += 1;
      for (const row of sample.found) bucket.seen.set(row.what, (bucket.seen.get(row.what) ?? 0) + row.n);
      buckets.set(bucketIndex, bucket);
    }
    console.log('  PostgreSQL while slow requests were due (mean backends per sample; "cpu": no wait event):');
    for (const bucketIndex of [...toPrint].sort((a, b) => a - b)) {
      const bucket = buckets.get(bucketIndex);
      if (!bucket) continue;
      const seen = [...bucket.seen].sort((a, b) => b[1] - a[1]).map(([what, n]) => `${what} ${fig(n / bucket.samples, 1)}`);
      console.log(`    ${fig(bucketIndex / 10, 1)} s: ${seen.join(', ') || 'nothing active'}`);
    }
  };
}
