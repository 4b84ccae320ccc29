import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@strongroom/shared';
import { batchRows } from '../../common/coalescer';
import { prepared, rows, type Preparable, type Queryable } from '../../common/sql';
import { recordedKeyJson } from '../../plugins/idempotency.queries';
import type { SessionKind } from './entities/session.entity';

/** Idle time is tracked to the half minute: a write per request would cost more than it tells. */
const TOUCH_EVERY_S = 30;

export async function insertSession(db: Queryable, kind: SessionKind, subjectId: string, csrfToken: string, client: { ip: string; userAgent: string }): Promise<string> {
  const inserted = await rows<{ id: string }>(
    db,
    `INSERT INTO sessions (kind, subject_id, csrf_token, last_seen_at, expires_at, ip, user_agent)
       VALUES ($1, $2, $3, now(), now() + make_interval(hours => $4), $5, $6) RETURNING id`,
    [kind, subjectId, csrfToken, SESSION_ABSOLUTE_HOURS, client.ip, client.userAgent.slice(0, 300)],
  );
  return inserted[0].id;
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
}

export async function revokeSessionsOf(db: Queryable, kind: SessionKind, subjectId: string, exceptSessionId: string | null): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE kind = $1 AND subject_id = $2 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`, [kind, subjectId, exceptSessionId]);
}

/** A session a batched check reads, with the Idempotency-Key (scope and key) to read beside it, if any. */
export interface CheckedSession {
  sessionId: string;
  scope: string | null;
  key: string | null;
}

/**
 * One statement checks revocation, absolute and idle expiry, touches the sessions (at most twice a minute) and reads
 * each principal through `select` (which joins the live session `s` to its subject), for a batch of checks. Each session
 * is found through its primary key, however many there are. The batch's rows come from `batchRows`, so each connection
 * plans the check a few times and then reuses the plan (server/test/auth/session-check-plans.test.ts). `moreParams`
 * are $6 onwards.
 */
export function checkSessions<T>(db: Preparable, name: string, kind: SessionKind, select: string, sessions: CheckedSession[], moreParams: unknown[]): Promise<(T & { o: number })[]> {
  return prepared<T & { o: number }>(
    db,
    name,
    `WITH s AS (
           SELECT q.o, q.scope, q.key, se.id, se.subject_id, se.csrf_token
             FROM ${batchRows('q', [
               ['$1::uuid[]', 'id'],
               ['$4::text[]', 'scope'],
               ['$5::text[]', 'key'],
             ])}
             JOIN LATERAL (SELECT id, subject_id, csrf_token FROM sessions
                            WHERE id = q.id AND kind = $3 AND revoked_at IS NULL AND expires_at > now()
                              AND last_seen_at > now() - make_interval(mins => $2) OFFSET 0) se ON true),
         -- Best effort and never waiting: a session row another statement holds is touched next time, so
         -- two servers touching overlapping batches cannot deadlock.
         touch AS (
           UPDATE sessions t SET last_seen_at = now()
            WHERE t.id IN (SELECT x.id FROM sessions x JOIN s ON s.id = x.id
                            WHERE x.last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_S}) FOR UPDATE OF x SKIP LOCKED))
         ${select}`,
    [sessions.map((read) => read.sessionId), SESSION_IDLE_MINUTES, kind, sessions.map((read) => read.scope), sessions.map((read) => read.key), ...moreParams],
  );
}

/** The customer behind each live session, with what was recorded under the Idempotency-Key read beside it. */
export const CUSTOMER_SESSION_SELECT = ` SELECT s.o, s.subject_id, s.csrf_token, c.account_number, c.status, ${recordedKeyJson('s.scope', 's.key')} AS recorded
        FROM s JOIN customers c ON c.id = s.subject_id`;

/** The active staff member behind each live session. */
export const STAFF_SESSION_SELECT = ' SELECT s.o, s.subject_id, s.csrf_token, u.email, u.role FROM s JOIN staff_users u ON u.id = s.subject_id AND u.active';

/**
 * CUSTOMER_SESSION_SELECT with a rider's read (SessionRider, session.service.ts): each request's `input` and the SHA-256
 * (hex) of the CSRF token it sent come as $6 and $7, the rider's own parameters from $8. The rider's CTEs see the
 * requests the check lets through as `ridden` (o, subject_id, input): a live session, an approved customer, the right
 * CSRF token for a cookie session's write (compared as digests, so the comparison's time says nothing about the token),
 * and an Idempotency-Key not used before. Its columns are selected from `k` (o, subject_id, input), `ridden` telling
 * whether that row was let through.
 */
export function customerSessionWithRiderSelect(rider: { with(ridden: string, firstParam: number): string; columns(ridden: string): string }): string {
  const ridden = 'k.passes AND k.recorded IS NULL';
  return `, k AS (
       SELECT s.o, s.subject_id, s.csrf_token, c.account_number, c.status, ${recordedKeyJson('s.scope', 's.key')} AS recorded, rider.input,
              rider.input IS NOT NULL AND c.status = 'approved'
                AND (rider.csrf IS NULL OR sha256(convert_to(s.csrf_token, 'UTF8')) = decode(rider.csrf, 'hex')) AS passes
         FROM s JOIN customers c ON c.id = s.subject_id
         LEFT JOIN ${batchRows('rider', [
           ['$6::text[]', 'input'],
           ['$7::text[]', 'csrf'],
         ])} ON rider.o = s.o),
     ${rider.with(`(SELECT o, subject_id, input FROM k WHERE ${ridden})`, 8)}
     SELECT k.o, k.subject_id, k.csrf_token, k.account_number, k.status, k.recorded, ${rider.columns(ridden)}
       FROM k`;
}

/** A customer's latest `limit` sessions, newest first, each with whether it is live (Profile > Security). */
export function customerSessionHistory(db: Queryable, customerId: string, limit: number) {
  return rows<{ id: string; ip: string | null; user_agent: string | null; created_at: Date; last_seen_at: Date; active: boolean }>(
    db,
    `SELECT id, ip, user_agent, created_at, last_seen_at,
              (revoked_at IS NULL AND expires_at > now() AND last_seen_at > now() - interval '15 minutes') AS active
         FROM sessions WHERE kind = 'customer' AND subject_id = $1 ORDER BY created_at DESC LIMIT $2`,
    [customerId, limit],
  );
}

/** Signs out one of the customer's own live sessions: false when there is none such. */
export async function revokeOwnSession(db: Queryable, customerId: string, sessionId: string): Promise<boolean> {
  const done = await rows(db, `UPDATE sessions SET revoked_at = now() WHERE id = $1 AND kind = 'customer' AND subject_id = $2 AND revoked_at IS NULL RETURNING id`, [sessionId, customerId]);
  return done.length > 0;
}

/** The customer's last 200 sessions, newest first, to tell a new device from a known one. */
export function recentCustomerSessions(db: Queryable, customerId: string) {
  return rows<{ id: string; user_agent: string | null; ip: string | null; created_at: Date }>(
    db,
    `SELECT id, user_agent, ip, created_at FROM sessions WHERE kind = 'customer' AND subject_id = $1 ORDER BY created_at DESC LIMIT 200`,
    [customerId],
  );
}
