import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionKind } from './entities/session.entity';
import type { ClientInfo, PresentedCredentials, SessionService } from './session.service';

/**
 * Where sessions meet HTTP: what a request presents (Bearer token, session cookies, CSRF header), where it comes
 * from, and the cookies an answer sets or clears. SessionService itself works on these plain values.
 */
export function presentedBy(request: FastifyRequest, sessions: SessionService): PresentedCredentials {
  const header = request.headers.authorization;
  const csrfToken = request.headers['x-csrf-token'];
  return {
    method: request.method,
    bearer: header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined,
    cookies: { customer: request.cookies?.[sessions.cookieOptions('customer').names.session], staff: request.cookies?.[sessions.cookieOptions('staff').names.session] },
    csrfToken: typeof csrfToken === 'string' ? csrfToken : undefined,
  };
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export function setSessionCookies(reply: FastifyReply, sessions: SessionService, kind: SessionKind, token: string, csrfToken: string): void {
  const { names, base } = sessions.cookieOptions(kind);
  reply.setCookie(names.session, token, Object.assign({}, base, { httpOnly: true }));
  reply.setCookie(names.csrf, csrfToken, Object.assign({}, base, { httpOnly: false }));
}

export function clearSessionCookies(reply: FastifyReply, sessions: SessionService, kind: SessionKind): void {
  const { names, base } = sessions.cookieOptions(kind);
  reply.clearCookie(names.session, base);
  reply.clearCookie(names.csrf, base);
}
