import type { FastifyInstance } from 'fastify';
import { SESSION_ABSOLUTE_HOURS, type CustomerStatus, type StaffRole } from '@strongroom/shared';
import { randomToken, safeEqual, sha256Hex } from '../../common/crypto';
import { AppError, forbidden, unauthorized } from '../../common/app-error';
import { byOrdinal, Coalescer } from '../../common/coalescer';
import type { Pacing } from '../../common/next-turn';
import type { SessionKind } from './entities/session.entity';
import { isUuid } from '../../common/ids';
import type { KeyRead } from '../../plugins/idempotency.plugin';
import { checkSessions, customerSessionWithRiderSelect, CUSTOMER_SESSION_SELECT, insertSession, revokeSession, revokeSessionsOf, STAFF_SESSION_SELECT } from './session.queries';

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
 * A read that a product module adds to the customer session check's own statement, so that a request that needs both
 * makes one round trip instead of two (docs/performance.md#payment-parties-read-in-the-session-check: a same-bank payment's parties and PIN attempt). The session
 * check knows nothing of what it reads: the rider brings its SQL (customerSessionWithRiderSelect in session.queries.ts
 * says what it sees), its parameters, and how its columns become an answer. Its statement is one of its own, so no other
 * request's check carries its writes, and its writes are made only for a request the check lets through.
 */
export interface SessionRider<Answer> {
  /** The prepared statement's name: planned a few times per connection, then its plan is reused. */
  statement: string;
  /** The rider's CTEs (`name AS (...)`, comma separated) over `ridden`, its parameters numbered from `firstParam`. */
  with(ridden: string, firstParam: number): string;
  /** The rider's columns, selected from `k` (o, subject_id, input); `ridden` is SQL saying whether the row was let through. */
  columns(ridden: string): string;
  /** The rider's own parameters, the same for every request. */
  params: unknown[];
  /** The rider's columns of a row, as its answer. */
  map(row: Record<string, unknown>): Answer;
  /** Undoes what the statement wrote for a request refused after it (a CSRF token compared again). */
  refused?(answer: Answer, subjectId: string): Promise<void>;
  /** How long a check may wait for others to share its statement (Coalescer); none: the next turn. */
  pacing?: Pacing;
}

/** A rider to carry in one request's session check, with the request's value (`input`) and who hears the answer. */
export interface RiderRead<Answer = unknown> {
  rider: SessionRider<Answer>;
  input: string;
  /** Hears the rider's answer once the check has passed. */
  answer(value: Answer): void;
}

/** What a route reads in the session check's own statement, for the subject the verified token names. */
export interface BesideSession {
  key?: KeyRead;
  rider?: RiderRead;
}

/** A session to check, with what to read beside it. */
interface SessionRead {
  sessionId: string;
  keyRead?: KeyRead;
  /** With the SHA-256 (hex) of the CSRF token sent, when the request needs one (a cookie session's write). */
  rider?: { input: string; csrfDigest: string | null };
}

interface CustomerSessionRow {
  subject_id: string;
  csrf_token: string;
  account_number: string;
  status: CustomerStatus;
  recorded: Record<string, unknown> | null;
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
  }

  async create(kind: SessionKind, subjectId: string, client: ClientInfo) {
    const csrfToken = randomToken(24);
    const sid = await insertSession(this.app.db, kind, subjectId, csrfToken, client);
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
   * Every request waiting on a check of `kind` shares one statement (checkSessions; see Coalescer), which reads each
   * principal through `select`.
   */
  private liveSessions<T>(name: string, kind: SessionKind, select: string, moreParams: (reads: SessionRead[]) => unknown[] = () => [], pacing?: Pacing) {
    return new Coalescer<SessionRead, T>(
      async (reads) => {
        const sessions = reads.map((read) => ({ sessionId: read.sessionId, scope: read.keyRead?.scope ?? null, key: read.keyRead?.key ?? null }));
        return byOrdinal(reads.length, await checkSessions<T>(this.app.db, name, kind, select, sessions, moreParams(reads)));
      },
      undefined,
      undefined,
      pacing,
    );
  }

  private readonly customerSessions = this.liveSessions<CustomerSessionRow>('sessions-customer', 'customer', CUSTOMER_SESSION_SELECT);

  /** Each rider's check (SessionRider), by its statement's name, made when a request first carries it. */
  private readonly riderSessions = new Map<string, Coalescer<SessionRead, CustomerSessionRow & Record<string, unknown>>>();

  private riderSessionCheck(rider: SessionRider<unknown>) {
    let check = this.riderSessions.get(rider.statement);
    if (!check) {
      check = this.liveSessions<CustomerSessionRow & Record<string, unknown>>(
        rider.statement,
        'customer',
        customerSessionWithRiderSelect(rider),
        (reads) => [reads.map((read) => read.rider?.input ?? null), reads.map((read) => read.rider?.csrfDigest ?? null), ...rider.params],
        rider.pacing,
      );
      this.riderSessions.set(rider.statement, check);
    }
    return check;
  }

  private readonly staffSessions = this.liveSessions<{ subject_id: string; csrf_token: string; email: string; role: StaffRole }>('sessions-staff', 'staff', STAFF_SESSION_SELECT);

  /**
   * `beside` names, for the subject a well-signed, unexpired token names, what to read in the same statement as the
   * session row: an Idempotency-Key (docs/performance.md#idempotency-key-read-in-the-session-check), a rider's read (SessionRider: a same-bank payment's). It
   * hears the answers only once the check has passed, and the subject is never a principal on its own: the session may be
   * revoked.
   */
  async authenticateCustomer(presented: PresentedCredentials, beside?: (subjectId: string) => BesideSession | undefined): Promise<CustomerPrincipal & { csrfToken: string }> {
    const { claims, viaCookie } = this.resolve(presented, 'customer');
    const { key: keyRead, rider } = beside?.(claims.sub) ?? {};
    const riderInput = rider && this.riderInput(presented, viaCookie, rider.input);
    const check = rider && riderInput ? this.riderSessionCheck(rider.rider) : this.customerSessions;
    const row = await check.load({ sessionId: claims.sid, keyRead, rider: riderInput });
    if (!row) throw unauthorized(SESSION_EXPIRED);
    const riderAnswer = rider && riderInput ? rider.rider.map(row as CustomerSessionRow & Record<string, unknown>) : undefined;
    try {
      this.checkCsrf(presented, viaCookie, row.csrf_token);
    } catch (err) {
      // The statement compared the same token: this does not happen, and if it did, the rider undoes its writes.
      if (rider && riderAnswer !== undefined) await rider.rider.refused?.(riderAnswer, row.subject_id);
      throw err;
    }
    keyRead?.answer(row.recorded);
    if (rider && riderAnswer !== undefined) rider.answer(riderAnswer);
    return { id: row.subject_id, accountNumber: row.account_number, status: row.status, sessionId: claims.sid, csrfToken: row.csrf_token };
  }

  /**
   * authenticateCustomer with `read` started at once for the subject the well-signed, unexpired token names, so that it
   * runs beside the session check instead of after it (docs/performance.md#transaction-list-read-beside-the-session-check): a request's path is two hand-offs between
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

  /** A rider's input for the statement; none when the request lacks the CSRF token it needs (it is refused after). */
  private riderInput(presented: PresentedCredentials, viaCookie: boolean, input: string): SessionRead['rider'] {
    if (!viaCookie || SAFE_METHODS.has(presented.method)) return { input, csrfDigest: null };
    if (typeof presented.csrfToken !== 'string') return undefined;
    return { input, csrfDigest: sha256Hex(presented.csrfToken) };
  }

  async authenticateStaff(presented: PresentedCredentials): Promise<StaffPrincipal & { csrfToken: string }> {
    const { claims, viaCookie } = this.resolve(presented, 'staff');
    const row = await this.staffSessions.load({ sessionId: claims.sid });
    if (!row) throw unauthorized(SESSION_EXPIRED);
    this.checkCsrf(presented, viaCookie, row.csrf_token);
    return { id: row.subject_id, email: row.email, role: row.role, sessionId: claims.sid, csrfToken: row.csrf_token };
  }

  async revoke(sessionId: string) {
    await revokeSession(this.app.db, sessionId);
  }

  /** After a password change or reset: every other session of this subject dies. */
  async revokeAllFor(kind: SessionKind, subjectId: string, exceptSessionId?: string) {
    await revokeSessionsOf(this.app.db, kind, subjectId, exceptSessionId ?? null);
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
