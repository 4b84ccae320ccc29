// Customer and staff sign-in, sessions and their checks, passkeys, e-mail and password changes. Other modules use the
// session check's rider (SessionRider: a read made in the check's own statement) and the passkey ceremony.
export { SessionService, cookieNames, COOKIES, SESSION_EXPIRED, STAFF_ONLY, CSRF_INVALID } from './session.service';
export type { SessionRider, RiderRead, BesideSession, CustomerPrincipal, StaffPrincipal, PresentedCredentials, SessionCookies, ClientInfo } from './session.service';
export { presentedBy } from './session.http';
export { PasskeysService } from './passkeys.service';
export { AttemptLimiter, type LockRule } from './attempts.service';
export { default as authRoutes } from './auth.routes';
export { default as passkeysRoutes } from './passkeys.routes';
export { default as securityRoutes } from './security.routes';
export { clearSessionCookies, clientOf, setSessionCookies } from './session.http';
