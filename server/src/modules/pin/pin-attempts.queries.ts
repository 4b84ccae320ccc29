import { rows, type Queryable } from '../../common/sql';

/** SQL: the SET list that takes one attempt of the row `p`, and notes when (ATTEMPT_IN_FLIGHT_LIMIT_S). */
export const TAKE_ATTEMPT = `failed_count = p.failed_count + 1, taken_at = now()`;

/**
 * SQL: the SET list that ends a run of attempts with a lock starting at `since`: the count starts again, and the lock
 * lasts pinLockMinutes(lock_count), with `$3` LOGIN_LOCK_MINUTES and `$4` MAX_PIN_LOCK_MINUTES. Every run ends this way,
 * by a fifth wrong PIN (PinAttempts.failed) or with attempts nobody is judging (PinAttempts.reserve).
 */
const endRunWithLock = (since: string) => `failed_count = 0, lock_count = lock_count + 1, locked_until = ${since} + make_interval(mins => least($3 * power(2, least(lock_count, 16)), $4)::int)`;

/** SQL: the attempt row `p` can take another attempt (not every one taken, payments not locked); `max` is a parameter. */
export const reservable = (max: string) => `p.failed_count < ${max} AND (p.locked_until IS NULL OR p.locked_until <= now())`;

/**
 * SQL: the attempt rows `p` of the customers in `ids` (a uuid[] expression) that meet `condition`, locked in customer id
 * order. Every statement that locks several attempt rows takes them in this order (post_journals too, after its
 * accounts): without one order, two of them could each wait for a row the other holds. With `skipLocked`, a row another
 * statement holds is left out instead of waited for.
 */
export const lockAttemptRows = (ids: string, condition: string, skipLocked = false) =>
  `SELECT p.customer_id FROM pin_attempts p WHERE p.customer_id = ANY(${ids}) AND ${condition} ORDER BY p.customer_id FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''}`;

/**
 * SQL: a WITH item that lets the statement's transaction commit without waiting for its WAL to reach the disk
 * (docs/performance.md#pin-attempts-commit-without-a-flush); the statement must name `commit_without_flush` in a FROM list. Only for statements that take
 * attempts: an attempt's PIN is answered only after a later statement commits with a flush (the wrong PIN's count,
 * the payment's booking, the count started again), and that flush covers all the WAL before it. A crash can forget
 * only attempts whose PIN nobody was told about. The setting is local to the transaction: the pooled connection
 * commits with a flush again from the next statement on.
 */
export const COMMIT_WITHOUT_FLUSH = `commit_without_flush AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true) AS setting)`;

/**
 * SQL: WITH items that take one attempt for each customer among `candidates` (a relation of `o`, a row's position, and
 * `subject_id`, the customer), for the first of that customer's rows, and name the rows that got one in `reserved(o)`.
 * A customer's row that another statement holds (a booking starting the attempts again) is skipped, never waited for:
 * the request then takes its attempt on its own (PinAttempts.reserve), and a statement that does this beside other
 * work (the session check) never waits behind a booking. Commits without waiting for the disk (COMMIT_WITHOUT_FLUSH).
 */
export const takeAttemptsFor = (candidates: string, max: string) => `
  wanted AS (SELECT DISTINCT ON (c.subject_id) c.o, c.subject_id FROM ${candidates} c ORDER BY c.subject_id, c.o),
  locked AS (${lockAttemptRows('ARRAY(SELECT subject_id FROM wanted)', reservable(max), true)}),
  ${COMMIT_WITHOUT_FLUSH},
  reserved AS (
    UPDATE pin_attempts p SET ${TAKE_ATTEMPT} FROM locked, wanted, commit_without_flush
     WHERE p.customer_id = locked.customer_id AND wanted.subject_id = locked.customer_id
    RETURNING wanted.o)`;

/** Takes one attempt for each customer in $1 whose attempts ($2 at most) are not all taken and whose payments are not locked. */
export const RESERVE_ATTEMPTS_SQL = `WITH locked AS (${lockAttemptRows('$1::uuid[]', reservable('$2'))}), ${COMMIT_WITHOUT_FLUSH}
             UPDATE pin_attempts p SET ${TAKE_ATTEMPT} FROM locked, commit_without_flush WHERE p.customer_id = locked.customer_id
             RETURNING p.customer_id AS id`;

/** Starts the attempts and the run of locks again for each customer in `customerIds`. */
export async function resetAttempts(db: Queryable, customerIds: string[]): Promise<void> {
  await db.query(
    `WITH locked AS (${lockAttemptRows('$1::uuid[]', '(p.failed_count <> 0 OR p.lock_count <> 0)')})
               UPDATE pin_attempts p SET failed_count = 0, lock_count = 0 FROM locked WHERE p.customer_id = locked.customer_id`,
    [customerIds],
  );
}

/**
 * Ends a run of attempts nobody is judging (PinAttempts.endUnjudgedRun), with `limits`: MAX_CODE_ATTEMPTS,
 * LOGIN_LOCK_MINUTES, MAX_PIN_LOCK_MINUTES and ATTEMPT_IN_FLIGHT_LIMIT_S. Answers the minutes left of any lock and
 * whether this ended a run.
 */
export async function endRunIfUnjudged(db: Queryable, customerId: string, limits: [number, number, number, number]) {
  const [state] = await rows<{ minutes_left: number | null; ended: boolean }>(
    db,
    `WITH ended AS (
         UPDATE pin_attempts
            SET ${endRunWithLock('coalesce(taken_at, to_timestamp(0))')}
          WHERE customer_id = $1 AND failed_count >= $2 AND (locked_until IS NULL OR locked_until <= now())
            AND coalesce(taken_at, to_timestamp(0)) < now() - make_interval(secs => $5)
          RETURNING locked_until)
       SELECT extract(epoch FROM coalesce((SELECT locked_until FROM ended), p.locked_until) - now()) / 60 AS minutes_left,
              EXISTS (SELECT 1 FROM ended) AS ended
         FROM pin_attempts p WHERE p.customer_id = $1`,
    [customerId, ...limits],
  );
  return state;
}

/** After a wrong PIN: locks payments when every attempt is taken (`limits`: MAX_CODE_ATTEMPTS, LOGIN_LOCK_MINUTES, MAX_PIN_LOCK_MINUTES). */
export async function lockIfLastAttempt(db: Queryable, customerId: string, limits: [number, number, number]): Promise<{ minutes: number } | undefined> {
  const [locked] = await rows<{ minutes: number }>(
    db,
    `UPDATE pin_attempts
          SET ${endRunWithLock('now()')}
        WHERE customer_id = $1 AND failed_count >= $2
        RETURNING least($3 * power(2, least(lock_count - 1, 16)), $4)::int AS minutes`,
    [customerId, ...limits],
  );
  return locked;
}

export async function attemptState(db: Queryable, customerId: string): Promise<{ failed_count: number; minutes_left: number | null } | undefined> {
  const [state] = await rows<{ failed_count: number; minutes_left: number | null }>(
    db,
    `SELECT failed_count, extract(epoch FROM locked_until - now()) / 60 AS minutes_left FROM pin_attempts WHERE customer_id = $1`,
    [customerId],
  );
  return state;
}

/** An attempt goes back, never below zero. */
export async function giveBackAttempt(db: Queryable, customerId: string): Promise<void> {
  await db.query(`UPDATE pin_attempts SET failed_count = failed_count - 1 WHERE customer_id = $1 AND failed_count > 0`, [customerId]);
}
