import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { poolOf } from '../../common/sql';
import { advisoryLock, advisoryUnlock, tryAdvisoryLock } from './end-of-day.queries';

/**
 * The end of day's session advisory lock, held on a connection of its own for as long as the work takes, so two
 * servers never run a date at once and dates run one after another (docs/decisions/0063-interest.md). A server that
 * dies mid-run loses its connection, and the lock with it.
 */
export interface EndOfDayLock {
  /** The connection holding the lock: what it queries is not counted as another session's. */
  connection: PoolClient;
  release(): Promise<void>;
}

/**
 * Takes the lock if no other session holds it; answers undefined if one does. With `wait`, waits for the session
 * that holds it to let go instead.
 */
export async function tryEndOfDayLock(db: DataSource, { wait = false } = {}): Promise<EndOfDayLock | undefined> {
  const connection = await poolOf(db).connect();
  let got = true;
  try {
    if (wait) await advisoryLock(connection);
    else got = await tryAdvisoryLock(connection);
  } catch (err) {
    connection.release(err as Error);
    throw err;
  }
  if (!got) {
    connection.release();
    return undefined;
  }
  let released = false;
  return {
    connection,
    async release() {
      if (released) return;
      released = true;
      try {
        await advisoryUnlock(connection);
        connection.release();
      } catch (err) {
        // A connection that cannot say unlock is closed instead: its session ends, and the lock with it.
        connection.release(err as Error);
      }
    },
  };
}

/**
 * `work` under the lock, released after; `{ got: false }` without running it when another session holds the lock,
 * or with `wait`, once that session has let go.
 */
export async function withEndOfDayLock<T>(db: DataSource, work: (lock: EndOfDayLock) => Promise<T>, options: { wait?: boolean } = {}): Promise<{ got: false } | { got: true; value: T }> {
  const lock = await tryEndOfDayLock(db, options);
  if (!lock) return { got: false };
  try {
    return { got: true, value: await work(lock) };
  } finally {
    await lock.release();
  }
}
