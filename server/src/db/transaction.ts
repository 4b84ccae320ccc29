import type { DataSource, EntityManager } from 'typeorm';
import { sqlState } from '../common/sql';

type Isolation = 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

export function isRetryable(err: unknown): boolean {
  const code = sqlState(err);
  return !!code && RETRYABLE.has(code);
}

/**
 * Runs `fn` in one database transaction and retries it, from the start, on serialization failures and
 * deadlocks (jittered exponential backoff). `fn` must be safe to re-run: no side effects outside the DB.
 */
export async function withTransaction<T>(ds: DataSource, fn: (manager: EntityManager) => Promise<T>, opts: { isolation?: Isolation; maxAttempts?: number } = {}): Promise<T> {
  // READ COMMITTED is PostgreSQL's default: naming it would cost a SET round trip per transaction.
  return retrying(() => (opts.isolation && opts.isolation !== 'READ COMMITTED' ? ds.transaction(opts.isolation, fn) : ds.transaction(fn)), opts.maxAttempts);
}

/**
 * Runs `attempt` again on serialization failures and deadlocks (jittered exponential backoff). Each
 * attempt must be one whole transaction (or one statement outside any), so a retry repeats nothing that
 * committed.
 */
export async function retrying<T>(work: () => Promise<T>, maxAttempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isRetryable(err) || attempt >= maxAttempts) throw err;
      const backoffMs = Math.min(200, 2 ** attempt) * (0.5 + Math.random());
      await new Promise((r) => setTimeout(r, backoffMs));
    }
  }
}
