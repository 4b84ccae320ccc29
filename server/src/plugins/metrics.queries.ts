import type { Queryable } from '../common/sql';

export interface JobQueueStats {
  /** Jobs still to run (due now or later, retries included). */
  queued: number;
  /** Of those, due now and not taken by a worker. */
  ready: number;
  /** How long the oldest job due now has waited (0 when none waits). */
  oldestReadyAgeSeconds: number;
  /** Jobs whose last attempt failed and that will be tried again. */
  retrying: number;
  /** Jobs that used every attempt and will not run again without an operator. */
  failed: number;
}

/** graphile-worker's queue, read at scrape time (a few hundred rows at most on a healthy bank). */
export async function jobQueueStats(db: Queryable): Promise<JobQueueStats> {
  const [row] = (await db.query(
    `SELECT count(*) FILTER (WHERE attempts < max_attempts)::int AS queued,
            count(*) FILTER (WHERE attempts < max_attempts AND run_at <= now() AND locked_at IS NULL)::int AS ready,
            coalesce(extract(epoch FROM now() - min(run_at) FILTER (WHERE attempts < max_attempts AND run_at <= now() AND locked_at IS NULL)), 0)::float8
              AS "oldestReadyAgeSeconds",
            count(*) FILTER (WHERE attempts < max_attempts AND last_error IS NOT NULL)::int AS retrying,
            count(*) FILTER (WHERE attempts >= max_attempts)::int AS failed
       FROM graphile_worker._private_jobs`,
  )) as JobQueueStats[];
  return row;
}
