import type { Queryable } from '../common/sql';

/** Adds a graphile-worker job in the caller's transaction. */
export async function addJob(db: Queryable, task: string, payload: Record<string, unknown>, runAt: string | null, jobKey: string | null, maxAttempts: number | null): Promise<void> {
  await db.query(`SELECT graphile_worker.add_job($1, $2::json, run_at => $3::timestamptz, job_key => $4, max_attempts => coalesce($5::int, 10))`, [
    task,
    JSON.stringify(payload),
    runAt,
    jobKey,
    maxAttempts,
  ]);
}

/** Jobs scheduled up to `until` (the app's clock) are brought forward to the database's now. */
export async function bringJobsForward(db: Queryable, until: string): Promise<void> {
  await db.query(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE run_at <= $1::timestamptz AND run_at > now() AND locked_at IS NULL`, [until]);
}

/** How many jobs of these tasks are due and not locked, with attempts left. */
export async function dueJobs(db: Queryable, tasks: string[]): Promise<number> {
  const [{ due }] = await db.query(
    `SELECT count(*)::int AS due FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE j.run_at <= now() AND j.locked_at IS NULL AND j.attempts < j.max_attempts AND t.identifier = ANY($1::text[])`,
    [tasks],
  );
  return due;
}
