import type { DataSource, EntityManager } from 'typeorm';
import { hmacHex } from '../../common/crypto';
import { clearAttempts, countEvent, countFailure, lockAttempts, lockSeconds } from './attempts.queries';

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
    const [row] = await lockSeconds(m, this.hash(kind, identifier));
    return row?.seconds ?? 0;
  }

  /** Counts a failure; true when this failure locks the identifier. Atomic, so parallel guesses cannot slip past. */
  async fail(kind: AttemptKind, identifier: string, rule: LockRule, m: EntityManager | DataSource = this.db): Promise<boolean> {
    const [row] = await countFailure(m, this.hash(kind, identifier), rule.windowMinutes);
    if (row.failures < rule.maxFailures) return false;
    await lockAttempts(m, this.hash(kind, identifier), rule.lockMinutes);
    return true;
  }

  async clear(kind: AttemptKind, identifier: string, m: EntityManager | DataSource = this.db): Promise<void> {
    await clearAttempts(m, this.hash(kind, identifier));
  }

  /**
   * A rate: at most `max` events per `windowSeconds` for this identifier. Returns 0 when this event is allowed,
   * else the seconds until the window ends. Refused events count too (one atomic statement).
   */
  async consume(kind: AttemptKind, identifier: string, max: number, windowSeconds: number): Promise<number> {
    const [row] = await countEvent(this.db, this.hash(kind, identifier), windowSeconds);
    return row.failures > max ? Math.max(1, row.wait) : 0;
  }
}
