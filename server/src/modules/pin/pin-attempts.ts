import { LOGIN_LOCK_MINUTES, MAX_CODE_ATTEMPTS } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { Coalescer } from '../../common/coalescer';
import { rows, type Queryable } from '../../common/sql';
import { attemptState, endRunIfUnjudged, giveBackAttempt, lockIfLastAttempt, resetAttempts, RESERVE_ATTEMPTS_SQL } from './pin-attempts.queries';
import { retrying } from '../../db/transaction';

/** The longest a run of wrong PINs locks payments. */
export const MAX_PIN_LOCK_MINUTES = 24 * 60;

/** 15 minutes for the first lock, doubling for each lock in a row without a right PIN between, up to a day. */
export function pinLockMinutes(previousLocks: number): number {
  return Math.min(LOGIN_LOCK_MINUTES * 2 ** Math.min(previousLocks, 16), MAX_PIN_LOCK_MINUTES);
}

export function pinLockedError(minutesLeft: number): AppError {
  const minutes = Math.max(1, Math.ceil(minutesLeft));
  const span = minutes <= LOGIN_LOCK_MINUTES ? `${LOGIN_LOCK_MINUTES} minutes` : minutes < 120 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
  const message = `Too many wrong PINs. Payments are locked for ${span}.`;
  return new AppError(423, message, { pin: message });
}

export const wrongPinError = (left: number) => new AppError(400, left > 0 ? `Incorrect PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'Incorrect PIN', { pin: 'Incorrect PIN' });

/**
 * How long an attempt can be in flight: taken, its PIN not yet judged. Judging takes milliseconds and a payment's booking
 * seconds at most, so attempts all taken longer ago than this, with no lock set, are ones nobody will judge (a server
 * died holding them) and end their run (PinAttempts.reserve; docs/decisions/0025-unjudged-attempts.md).
 */
export const ATTEMPT_IN_FLIGHT_LIMIT_S = 120;

interface AttemptStatements {
  /** Takes one attempt for each customer whose attempts are not all taken and whose payments are not locked. */
  reserve: Coalescer<string, true>;
  /** Starts the attempts and the run of locks again. */
  reset: Coalescer<string, true>;
}

/**
 * Per database, the attempt bookkeeping of concurrent payments goes in shared statements (common/coalescer.ts):
 * one UPDATE and one commit per batch instead of two commits per payment, which cost more than the payment's
 * own booking (itself group-committed, ledger/ledger.batcher.ts). A customer appears once per batch, so each
 * reservation is judged against the ones before it exactly as when they went one by one. A batch locks its rows
 * in customer id order (lockAttemptRows).
 */
const statementsByDatabase = new WeakMap<Queryable, AttemptStatements>();

function attemptStatements(db: Queryable): AttemptStatements {
  let statements = statementsByDatabase.get(db);
  if (!statements) {
    const updated = async (sql: string, customerIds: string[], params: unknown[]) => {
      const changed = await retrying(() => rows<{ id: string }>(db, sql, [customerIds, ...params]));
      const ids = new Set(changed.map((row) => row.id));
      return customerIds.map((id) => (ids.has(id) ? (true as const) : undefined));
    };
    statements = {
      reserve: new Coalescer(
        (customerIds) => updated(RESERVE_ATTEMPTS_SQL, customerIds, [MAX_CODE_ATTEMPTS]),
        64,
        (id) => id,
      ),
      reset: new Coalescer(
        async (customerIds) => {
          await retrying(() => resetAttempts(db, customerIds));
          return customerIds.map(() => true as const);
        },
        64,
        (id) => id,
      ),
    };
    statementsByDatabase.set(db, statements);
  }
  return statements;
}

/**
 * PIN attempts are reserved in the database before a PIN is verified: one UPDATE takes an attempt only
 * while fewer than MAX_CODE_ATTEMPTS are taken and payments are not locked. However many requests race,
 * at most MAX_CODE_ATTEMPTS PINs are ever evaluated per lock period, and a locked customer is refused
 * whatever the PIN (a right PIN does not unlock). Each statement commits on its own: rolling back the
 * payment never gives an attempt back. The counts live in `pin_attempts`, one narrow row per customer
 * (migration 1760001300000): every payment writes them twice.
 */
export class PinAttempts {
  private readonly statements: AttemptStatements;

  constructor(private readonly db: Queryable) {
    this.statements = attemptStatements(db);
  }

  /**
   * Takes one attempt, or throws the lock refusal. When every attempt is taken by requests still being
   * judged, waits for them (a customer's own concurrent payments queue here; an attacker's guesses find the
   * lock their first five set) and gives up after `waitMs` with a retryable 409.
   */
  async reserve(customerId: string, waitMs = 5_000): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (let pauseMs = 2; ; pauseMs = Math.min(pauseMs * 2, 50)) {
      if (await this.statements.reserve.load(customerId)) return;
      const state = await this.endUnjudgedRun(customerId);
      if (Number(state?.minutes_left ?? 0) > 0) throw pinLockedError(Number(state!.minutes_left));
      if (state?.ended) continue; // its lock is over already: the next attempt can be taken at once
      if (Date.now() > deadline) throw new AppError(409, 'Another payment is being authorised right now. Please try again in a moment.');
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  /**
   * When every attempt is taken and none was taken in the last ATTEMPT_IN_FLIGHT_LIMIT_S, nobody is judging them (a
   * server died holding them): the run ends as a run of wrong PINs would, with a lock that began when the last was
   * taken (so it may be over already). Unjudged attempts count as wrong, as a verification that crashed keeps its
   * attempt: a guesser who could crash the server gains no tries. Answers the minutes left of any lock and whether
   * this call ended a run.
   */
  private async endUnjudgedRun(customerId: string) {
    return endRunIfUnjudged(this.db, customerId, [MAX_CODE_ATTEMPTS, LOGIN_LOCK_MINUTES, MAX_PIN_LOCK_MINUTES, ATTEMPT_IN_FLIGHT_LIMIT_S]);
  }

  /** After a right PIN: the attempts and the run of locks start again. */
  async succeeded(customerId: string): Promise<void> {
    await this.statements.reset.load(customerId);
  }

  /**
   * After a wrong PIN (its attempt stays taken): locks payments when this was the last attempt, for longer
   * after each lock in a row. Throws the refusal to give the customer.
   */
  async failed(customerId: string): Promise<never> {
    const locked = await lockIfLastAttempt(this.db, customerId, [MAX_CODE_ATTEMPTS, LOGIN_LOCK_MINUTES, MAX_PIN_LOCK_MINUTES]);
    if (locked) throw pinLockedError(locked.minutes);
    // Another wrong PIN of the same run may have locked payments meanwhile: say so rather than count tries.
    const state = await attemptState(this.db, customerId);
    if (Number(state?.minutes_left ?? 0) > 0) throw pinLockedError(Number(state!.minutes_left));
    throw wrongPinError(MAX_CODE_ATTEMPTS - (state?.failed_count ?? MAX_CODE_ATTEMPTS));
  }

  /**
   * An attempt taken for a request refused before its PIN was judged goes back: the refusal costs no
   * attempt. Never below zero (a lock set meanwhile has already started the count again).
   */
  async giveBack(customerId: string): Promise<void> {
    await retrying(() => giveBackAttempt(this.db, customerId));
  }

  /**
   * The PIN check of a payment whose attempt may already be taken (`taken`: by the statement that read the
   * payment, transfers.queries.ts). A right PIN leaves the attempts as they are: the caller starts them again
   * in the payment's own booking (post_journals' pinReset) and calls succeeded() if nothing is booked.
   */
  async verifyTaken(customerId: string, taken: boolean, verify: () => Promise<boolean>): Promise<void> {
    if (!taken) await this.reserve(customerId);
    // A verification that crashed keeps its attempt: the safe side.
    if (!(await verify())) await this.failed(customerId);
  }

  /** Reserve, verify, settle: the whole PIN check for a payment. `verify` runs only with an attempt taken. */
  async check(customerId: string, verify: () => Promise<boolean>): Promise<void> {
    await this.reserve(customerId);
    let ok = false;
    try {
      ok = await verify();
    } finally {
      // A verification that crashed keeps its attempt: the safe side.
      if (ok) await this.succeeded(customerId);
    }
    if (!ok) await this.failed(customerId);
  }
}
