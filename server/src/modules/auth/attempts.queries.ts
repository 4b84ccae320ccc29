import { rows, type Queryable } from '../../common/sql';

/** Seconds left on the lock of an attempts key (none when not locked). */
export function lockSeconds(db: Queryable, keyHash: string): Promise<{ seconds: number }[]> {
  return rows<{ seconds: number }>(db, `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM auth_attempts WHERE key_hash = $1 AND locked_until > now()`, [keyHash]);
}

/** Counts a failure in the key's window of `windowMinutes` (a new window after it, or after a lock ends). */
export function countFailure(db: Queryable, keyHash: string, windowMinutes: number): Promise<{ failures: number }[]> {
  return rows<{ failures: number }>(
    db,
    `INSERT INTO auth_attempts (key_hash, failures, window_started_at, last_event_at) VALUES ($1, 1, now(), now())
       ON CONFLICT (key_hash) DO UPDATE SET
         failures = CASE WHEN auth_attempts.window_started_at < now() - make_interval(mins => $2) OR auth_attempts.locked_until <= now()
                         THEN 1 ELSE auth_attempts.failures + 1 END,
         window_started_at = CASE WHEN auth_attempts.window_started_at < now() - make_interval(mins => $2) OR auth_attempts.locked_until <= now()
                         THEN now() ELSE auth_attempts.window_started_at END,
         locked_until = CASE WHEN auth_attempts.locked_until <= now() THEN NULL ELSE auth_attempts.locked_until END,
         last_event_at = now()
       RETURNING failures`,
    [keyHash, windowMinutes],
  );
}

export async function lockAttempts(db: Queryable, keyHash: string, lockMinutes: number): Promise<void> {
  await db.query(`UPDATE auth_attempts SET locked_until = now() + make_interval(mins => $2), failures = 0 WHERE key_hash = $1`, [keyHash, lockMinutes]);
}

export async function clearAttempts(db: Queryable, keyHash: string): Promise<void> {
  await db.query(`DELETE FROM auth_attempts WHERE key_hash = $1`, [keyHash]);
}

/** Counts an event in the key's window of `windowSeconds`, with the seconds until that window ends. */
export function countEvent(db: Queryable, keyHash: string, windowSeconds: number): Promise<{ failures: number; wait: number }[]> {
  return rows<{ failures: number; wait: number }>(
    db,
    `INSERT INTO auth_attempts (key_hash, failures, window_started_at, last_event_at) VALUES ($1, 1, now(), now())
       ON CONFLICT (key_hash) DO UPDATE SET
         failures = CASE WHEN auth_attempts.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE auth_attempts.failures + 1 END,
         window_started_at = CASE WHEN auth_attempts.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE auth_attempts.window_started_at END,
         last_event_at = now()
       RETURNING failures, ceil(extract(epoch FROM window_started_at + make_interval(secs => $2) - now()))::int AS wait`,
    [keyHash, windowSeconds],
  );
}
