import type { DataSource, EntityManager } from 'typeorm';
import { hmacHex } from '../../common/crypto';
import { rows } from '../../common/sql';

/** What a counter is about: the same identifier counts separately for each. */
export type AttemptKind = 'login' | 'staff_login' | 'verify_code' | 'resend_code' | 'reset_mail' | 'email_change' | 'recipient_lookup' | 'passkey';

export interface LockRule {
  maxFailures: number;
  lockMinutes: number;
  /** Failures older than this are forgotten. */
  windowMinutes: number;
}

/**
 * Attempt counters keyed by account or e-mail rather than by IP, kept in PostgreSQL so every server process
 * sees them. The identifier is stored only as an HMAC, and a counter exists whether or not an account uses
 * the identifier: a lockout answers the same for an unknown account as for a real one (no enumeration).
 */
export class AttemptLimiter {
  constructor(
    private readonly db: DataSource,
    private readonly key: string | Buffer,
  ) {}

  private hash(kind: AttemptKind, identifier: string) {
    return hmacHex(this.key, `attempts:${kind}:${identifier.trim().toLowerCase()}`);
  }

  /** Seconds left on a lock, 0 when not locked. */
  async lockedSeconds(kind: AttemptKind, identifier: string, m: EntityManager | DataSource = this.db): Promise<number> {
    const [row] = await rows<{ seconds: number }>(m, `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM auth_attempts WHERE key_hash = $1 AND locked_until > now()`, [
      this.hash(kind, identifier),
    ]);
    return row?.seconds ?? 0;
  }

  /** Counts a failure; true when this failure locks the identifier. Atomic, so parallel guesses cannot slip past. */
  async fail(kind: AttemptKind, identifier: string, rule: LockRule, m: EntityManager | DataSource = this.db): Promise<boolean> {
    const [row] = await rows<{ failures: number }>(
      m,
      `INSERT INTO auth_attempts (key_hash, failures, window_started_at, last_event_at) VALUES ($1, 1, now(), now())
       ON CONFLICT (key_hash) DO UPDATE SET
         failures = CASE WHEN auth_attempts.window_started_at < now() - make_interval(mins => $2) OR auth_attempts.locked_until <= now()
                         THEN 1 ELSE auth_attempts.failures + 1 END,
         window_started_at = CASE WHEN auth_attempts.window_started_at < now() - make_interval(mins => $2) OR auth_attempts.locked_until <= now()
                         THEN now() ELSE auth_attempts.window_started_at END,
         locked_until = CASE WHEN auth_attempts.locked_until <= now() THEN NULL ELSE auth_attempts.locked_until END,
         last_event_at = now()
       RETURNING failures`,
      [this.hash(kind, identifier), rule.windowMinutes],
    );
    if (row.failures < rule.maxFailures) return false;
    await m.query(`UPDATE auth_attempts SET locked_until = now() + make_interval(mins => $2), failures = 0 WHERE key_hash = $1`, [this.hash(kind, identifier), rule.lockMinutes]);
    return true;
  }

  async clear(kind: AttemptKind, identifier: string, m: EntityManager | DataSource = this.db): Promise<void> {
    await m.query(`DELETE FROM auth_attempts WHERE key_hash = $1`, [this.hash(kind, identifier)]);
  }

  /**
   * A rate: at most `max` events per `windowSeconds` for this identifier. Returns 0 when this event is allowed,
   * else the seconds until the window ends. Refused events count too (one atomic statement).
   */
  async consume(kind: AttemptKind, identifier: string, max: number, windowSeconds: number): Promise<number> {
    const [row] = await rows<{ failures: number; wait: number }>(
      this.db,
      `INSERT INTO auth_attempts (key_hash, failures, window_started_at, last_event_at) VALUES ($1, 1, now(), now())
       ON CONFLICT (key_hash) DO UPDATE SET
         failures = CASE WHEN auth_attempts.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE auth_attempts.failures + 1 END,
         window_started_at = CASE WHEN auth_attempts.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE auth_attempts.window_started_at END,
         last_event_at = now()
       RETURNING failures, ceil(extract(epoch FROM window_started_at + make_interval(secs => $2) - now()))::int AS wait`,
      [this.hash(kind, identifier), windowSeconds],
    );
    return row.failures > max ? Math.max(1, row.wait) : 0;
  }
}
