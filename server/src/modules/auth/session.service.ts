import type { FastifyInstance } from 'fastify';
import { MAX_CODE_ATTEMPTS, SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES, type CustomerStatus, type StaffRole } from '@strongroom/shared';
import { randomToken, safeEqual, sha256Hex } from '../../common/crypto';
import { AppError, forbidden, unauthorized } from '../../common/app-error';
import { prepared } from '../../common/sql';
import { batchRows, byOrdinal, Coalescer } from '../../common/coalescer';
import { FULL_BATCH, type Pacing } from '../../common/next-turn';
import type { SessionKind } from './entities/session.entity';
import { isUuid } from '../../common/ids';
import { recordedKeyJson, type KeyRead } from '../../plugins/idempotency.plugin';
import { sameBankPartiesOf } from '../transfers/transfers.queries';
import { PinAttempts, takeAttemptsFor } from './pin-attempts';

export const COOKIES = {
  customer: { session: 'sr_session', csrf: 'sr_csrf' },
  staff: { session: 'sr_staff_session', csrf: 'sr_staff_csrf' },
} as const;

/**
 * Where each kind's cookies go. Customer cookies: path /, and over https the `__Host-` prefix (the browser
 * then refuses them unless Secure, host-only, path /: no sibling subdomain can plant or shadow them). Staff
 * cookies are scoped to the API (/v1: the console's pages never carry them, and no script on them can read
 * them); `__Host-` requires path /, so over https they take `__Secure-`. The console learns its CSRF token
 * from the sign-in and check answers, not from the cookie.
 */
export function cookieNames(kind: SessionKind, secure: boolean): { session: string; csrf: string; path: string } {
  const names = COOKIES[kind];
  if (kind === 'customer') {
    const prefix = secure ? '__Host-' : '';
    return { session: `${prefix}${names.session}`, csrf: `${prefix}${names.csrf}`, path: '/' };
  }
  const prefix = secure ? '__Secure-' : '';
  return { session: `${prefix}${names.session}`, csrf: `${prefix}${names.csrf}`, path: '/v1' };
}

export interface CustomerPrincipal {
  id: string;
  accountNumber: string;
  status: CustomerStatus;
  sessionId: string;
}

/**
 * A same-bank payment to read beside the session check (docs/decisions/0023): both parties, and the sender's PIN attempt
 * taken when the request will reach its PIN. `answer` hears the parties (sameBankPartiesOf, as one JSON value; null when
 * they were not read) and whether the attempt was taken, once the check has passed.
 */
export interface PaymentRead {
  recipientAccountNumber: string;
  answer: (parties: Record<string, unknown> | null, pinReserved: boolean) => void;
}

/** What a route reads in the session check's own statement, for the subject the verified token names. */
export interface BesideSession {
  key?: KeyRead;
  payment?: PaymentRead;
}

/** A session to check, with what to read beside it. */
interface SessionRead {
  sessionId: string;
  keyRead?: KeyRead;
  /** With the SHA-256 (hex) of the CSRF token sent, when the request needs one (a cookie session's write). */
  payment?: { recipientAccountNumber: string; csrfDigest: string | null };
}

interface CustomerSessionRow {
  subject_id: string;
  csrf_token: string;
  account_number: string;
  status: CustomerStatus;
  recorded: Record<string, unknown> | null;
  parties: Record<string, unknown> | null;
  pin_reserved: boolean;
}

export interface StaffPrincipal {
  id: string;
  email: string;
  role: StaffRole;
  sessionId: string;
}

/** What a request presents for a session, read off it by the HTTP layer (session.http.ts, presentedBy). */
export interface PresentedCredentials {
  /** Reads (GET, HEAD, OPTIONS) need no CSRF token. */
  method: string;
  /** The token of an `Authorization: Bearer` header. */
  bearer?: string;
  /** The session cookie of each kind the request carries. */
  cookies: Partial<Record<SessionKind, string>>;
  /** The X-CSRF-Token header. */
  csrfToken?: string;
}

/** A session's two cookies (see cookieNames) and the attributes they are set and cleared with. */
export interface SessionCookies {
  names: { session: string; csrf: string; path: string };
  base: { path: string; sameSite: 'strict'; secure: boolean };
}

/** Where a session is opened from, kept with it for the customer's list of devices. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

interface JwtClaims {
  sid: string;
  sub: string;
  kind: SessionKind;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Idle time is tracked to the half minute: a write per request would cost more than it tells. */
const TOUCH_EVERY_S = 30;
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const STAFF_ONLY = 'This area is for bank staff only';
export const CSRF_INVALID = 'Invalid CSRF token';

/**
 * Sessions live in PostgreSQL (revocable, idle and absolute expiry); the cookie carries a signed JWT naming
 * the session. Any server process can check any session: nothing that matters is in memory.
 */
export class SessionService {
  /** Each kind's cookie names and attributes: fixed for the deployment, read on every request. */
  private readonly cookieSettings: Record<SessionKind, SessionCookies>;

  constructor(private readonly app: FastifyInstance) {
    const settings = (kind: SessionKind): SessionCookies => {
      const names = cookieNames(kind, app.config.secureCookies);
      return { names, base: { path: names.path, sameSite: 'strict', secure: app.config.secureCookies } };
    };
    this.cookieSettings = { customer: settings('customer'), staff: settings('staff') };
    this.paymentSessions = this.paymentSessionCheck(app.config.paymentCheckCycleMs);
  }

  async create(kind: SessionKind, subjectId: string, client: ClientInfo) {
    const csrfToken = randomToken(24);
    const rows: { id: string }[] = await this.app.db.query(
      `INSERT INTO sessions (kind, subject_id, csrf_token, last_seen_at, expires_at, ip, user_agent)
       VALUES ($1, $2, $3, now(), now() + make_interval(hours => $4), $5, $6) RETURNING id`,
      [kind, subjectId, csrfToken, SESSION_ABSOLUTE_HOURS, client.ip, client.userAgent.slice(0, 300)],
    );
    const sid = rows[0].id;
    const token = this.app.jwt.sign({ sid, sub: subjectId, kind } satisfies JwtClaims, { expiresIn: `${SESSION_ABSOLUTE_HOURS}h` });
    return { sessionId: sid, token, csrfToken };
  }

  /** The cookies of a session of `kind` in this deployment: their names, and the attributes both are set and cleared with. */
  cookieOptions(kind: SessionKind): SessionCookies {
    return this.cookieSettings[kind];
  }

  /** Reads the credential (cookie or Bearer) and verifies its token; the caller checks the session row. */
  private resolve(presented: PresentedCredentials, kind: SessionKind) {
    const bearer = presented.bearer;
    const token = bearer || presented.cookies[kind];
    if (!token) {
      // A signed-in customer at a staff door is refused (403), not asked to sign in (401).
      if (kind === 'staff' && this.isCustomerToken(presented.cookies.customer)) throw forbidden(STAFF_ONLY);
      throw unauthorized();
    }
    let claims: JwtClaims;
    try {
      claims = this.app.jwt.verify<JwtClaims>(token);
    } catch {
      throw unauthorized(SESSION_EXPIRED);
    }
    if (kind === 'staff' && claims.kind === 'customer') throw forbidden(STAFF_ONLY);
    if (claims.kind !== kind || !isUuid(claims.sid)) throw unauthorized();
    return { claims, viaCookie: !bearer };
  }

  private isCustomerToken(token: string | undefined): boolean {
    if (!token) return false;
    try {
      return this.app.jwt.verify<JwtClaims>(token).kind === 'customer';
    } catch {
      return false;
    }
  }

  private checkCsrf(presented: PresentedCredentials, viaCookie: boolean, csrfToken: string) {
    if (!viaCookie || SAFE_METHODS.has(presented.method)) return;
    const sent = presented.csrfToken;
    if (typeof sent !== 'string' || !safeEqual(sent, csrfToken)) throw new AppError(403, CSRF_INVALID);
  }

  /**
   * One statement checks revocation, absolute and idle expiry, touches the sessions (at most twice a minute)
   * and reads each principal through `select` (which joins the live session `s` to its subject), for every
   * request waiting on a check: concurrent requests share it (see Coalescer). Each session is found through
   * its primary key, however many there are.
   * The batch's rows come from `batchRows`, so each connection plans the check a few times and then reuses the plan
   * (planning had taken ~0.7 ms of a ~0.9 ms check; server/test/auth/session-check-plans.test.ts).
   */
  private liveSessions<T>(name: string, kind: SessionKind, select: string, moreParams: (reads: SessionRead[]) => unknown[] = () => [], pacing?: Pacing) {
    return new Coalescer<SessionRead, T>(
      async (reads) => {
        const found = await prepared<T & { o: number }>(
          this.app.db,
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
          [reads.map((read) => read.sessionId), SESSION_IDLE_MINUTES, kind, reads.map((read) => read.keyRead?.scope ?? null), reads.map((read) => read.keyRead?.key ?? null), ...moreParams(reads)],
        );
        return byOrdinal(reads.length, found);
      },
      undefined,
      undefined,
      pacing,
    );
  }

  private readonly customerSessions = this.liveSessions<CustomerSessionRow>(
    'sessions-customer',
    'customer',
    ` SELECT s.o, s.subject_id, s.csrf_token, c.account_number, c.status, ${recordedKeyJson('s.scope', 's.key')} AS recorded,
             NULL::jsonb AS parties, false AS pin_reserved
        FROM s JOIN customers c ON c.id = s.subject_id`,
  );

  /**
   * The check of a same-bank payment's session (docs/decisions/0023), a statement of its own so that no other request's
   * check carries its writes. The attempt is taken only for a request that the checks after this statement let through
   * to its PIN: a live session (the join), an approved customer, the right CSRF token for a cookie session's write
   * (compared as digests, so the comparison's time says nothing about the token), and an Idempotency-Key not used before.
   * Paced (PAYMENT_CHECK_CYCLE_MS, docs/decisions/0031): below the peak, each of these statements (a write and a commit)
   * carried one payment; waiting up to a cycle for others, unless a full batch (FULL_BATCH) already waits, shares it. Only
   * payments wait: every other request's check goes at the next turn.
   */
  private readonly paymentSessions: Coalescer<SessionRead, CustomerSessionRow>;

  private paymentSessionCheck(minCycleMs: number) {
    return this.liveSessions<CustomerSessionRow>(
      'sessions-customer-payment',
      'customer',
      `, k AS (
       SELECT s.o, s.subject_id, s.csrf_token, c.account_number, c.status, ${recordedKeyJson('s.scope', 's.key')} AS recorded, pay.recipient,
              pay.recipient IS NOT NULL AND c.status = 'approved'
                AND (pay.csrf IS NULL OR sha256(convert_to(s.csrf_token, 'UTF8')) = decode(pay.csrf, 'hex')) AS payment
         FROM s JOIN customers c ON c.id = s.subject_id
         LEFT JOIN ${batchRows('pay', [
           ['$6::text[]', 'recipient'],
           ['$7::text[]', 'csrf'],
         ])} ON pay.o = s.o),
     ${takeAttemptsFor('(SELECT o, subject_id FROM k WHERE k.payment AND k.recorded IS NULL)', '$8')}
     SELECT k.o, k.subject_id, k.csrf_token, k.account_number, k.status, k.recorded,
            CASE WHEN k.payment AND k.recorded IS NULL THEN (SELECT to_jsonb(x) FROM (${sameBankPartiesOf('k.subject_id', 'k.recipient')}) x) END AS parties,
            EXISTS (SELECT 1 FROM reserved WHERE reserved.o = k.o) AS pin_reserved
       FROM k`,
      (reads) => [reads.map((read) => read.payment?.recipientAccountNumber ?? null), reads.map((read) => read.payment?.csrfDigest ?? null), MAX_CODE_ATTEMPTS],
      { minCycleMs, fullBatch: FULL_BATCH },
    );
  }

  private readonly staffSessions = this.liveSessions<{ subject_id: string; csrf_token: string; email: string; role: StaffRole }>(
    'sessions-staff',
    'staff',
    ' SELECT s.o, s.subject_id, s.csrf_token, u.email, u.role FROM s JOIN staff_users u ON u.id = s.subject_id AND u.active',
  );

  /**
   * `beside` names, for the subject a well-signed, unexpired token names, what to read in the same statement as the
   * session row: an Idempotency-Key (docs/decisions/0020), a same-bank payment (0023). It hears the answers only once
   * the check has passed, and the subject is never a principal on its own: the session may be revoked.
   */
  async authenticateCustomer(presented: PresentedCredentials, beside?: (subjectId: string) => BesideSession | undefined): Promise<CustomerPrincipal & { csrfToken: string }> {
    const { claims, viaCookie } = this.resolve(presented, 'customer');
    const { key: keyRead, payment } = beside?.(claims.sub) ?? {};
    const paymentRead = payment && this.paymentRead(presented, viaCookie, payment);
    const row = await (paymentRead ? this.paymentSessions : this.customerSessions).load({ sessionId: claims.sid, keyRead, payment: paymentRead });
    if (!row) throw unauthorized(SESSION_EXPIRED);
    try {
      this.checkCsrf(presented, viaCookie, row.csrf_token);
    } catch (err) {
      // The statement compared the same token: this does not happen, and if it did, the attempt goes back.
      if (row.pin_reserved) await new PinAttempts(this.app.db).giveBack(row.subject_id);
      throw err;
    }
    keyRead?.answer(row.recorded);
    payment?.answer(row.parties, row.pin_reserved);
    return { id: row.subject_id, accountNumber: row.account_number, status: row.status, sessionId: claims.sid, csrfToken: row.csrf_token };
  }

  /**
   * authenticateCustomer with `read` started at once for the subject the well-signed, unexpired token names, so that it
   * runs beside the session check instead of after it (docs/decisions/0028): a request's path is two hand-offs between
   * processes shorter. The read's answer is handed over only once the check has passed for that same subject; when the
   * check fails, it is dropped unseen, and its own error is thrown only for a caller the check let through.
   */
  async authenticateCustomerWhile<T>(presented: PresentedCredentials, read: (subjectId: string) => Promise<T>): Promise<{ principal: CustomerPrincipal & { csrfToken: string }; value: T }> {
    // Started through `beside`, which hears the token's subject once the token has been verified, before the check.
    let early: { subjectId: string; outcome: Promise<Settled<T>> } | undefined;
    const principal = await this.authenticateCustomer(presented, (subjectId) => {
      early = { subjectId, outcome: settled(() => read(subjectId)) };
      return undefined;
    });
    // A session row names the subject its token was signed for; were it ever otherwise, the read is made again for it.
    const outcome = early?.subjectId === principal.id ? await early.outcome : await settled(() => read(principal.id));
    if ('error' in outcome) throw outcome.error;
    return { principal, value: outcome.value };
  }

  /** A payment read for the statement; none when the request lacks the CSRF token it needs (it is refused after). */
  private paymentRead(presented: PresentedCredentials, viaCookie: boolean, payment: PaymentRead): SessionRead['payment'] {
    if (!viaCookie || SAFE_METHODS.has(presented.method)) return { recipientAccountNumber: payment.recipientAccountNumber, csrfDigest: null };
    if (typeof presented.csrfToken !== 'string') return undefined;
    return { recipientAccountNumber: payment.recipientAccountNumber, csrfDigest: sha256Hex(presented.csrfToken) };
  }

  async authenticateStaff(presented: PresentedCredentials): Promise<StaffPrincipal & { csrfToken: string }> {
    const { claims, viaCookie } = this.resolve(presented, 'staff');
    const row = await this.staffSessions.load({ sessionId: claims.sid });
    if (!row) throw unauthorized(SESSION_EXPIRED);
    this.checkCsrf(presented, viaCookie, row.csrf_token);
    return { id: row.subject_id, email: row.email, role: row.role, sessionId: claims.sid, csrfToken: row.csrf_token };
  }

  async revoke(sessionId: string) {
    await this.app.db.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
  }

  /** After a password change or reset: every other session of this subject dies. */
  async revokeAllFor(kind: SessionKind, subjectId: string, exceptSessionId?: string) {
    await this.app.db.query(`UPDATE sessions SET revoked_at = now() WHERE kind = $1 AND subject_id = $2 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`, [
      kind,
      subjectId,
      exceptSessionId ?? null,
    ]);
  }
}

type Settled<T> = { value: T } | { error: unknown };

/** A call's outcome as a value, whether it throws or rejects: a read started before it is wanted never fails unheard. */
async function settled<T>(call: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { value: await call() };
  } catch (error) {
    return { error };
  }
}
