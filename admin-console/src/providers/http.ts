import { fetchUtils } from 'react-admin';

import { apiUrl } from '@strongroom/shared';

export const CSRF_COOKIE = 'sr_staff_csrf';
/**
 * The staff session's CSRF token from the sign-in and check answers: the staff cookies are scoped to the
 * API's /v1 path (and may live on another origin), so no console page can read them.
 */
let csrfToken: string | undefined;
export const hasCsrfToken = () => csrfToken !== undefined;

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * When this browser's staff session last reached the server (any tab), for the idle warning (docs/decisions/0052).
 * Its own key: on one origin the customer app keeps its clock beside it.
 */
const STAFF_ACTIVITY_KEY = 'strongroom:staffLastActivity';
/** Calls that do not touch a staff session: signing out, and setting a password from an invitation. */
const SESSIONLESS = ['/v1/admin/auth/logout', '/v1/admin/auth/accept-invitation'];
export function lastStaffActivity(): number | null {
  const value = Number(localStorage.getItem(STAFF_ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}
function markStaffActivity(url: string): void {
  if (SESSIONLESS.includes(url)) return;
  try {
    localStorage.setItem(STAFF_ACTIVITY_KEY, String(Date.now()));
  } catch {
    /* storage refused: the warning then counts from this tab's start */
  }
}

/** Unsafe methods echo the staff session's CSRF token in `x-csrf-token` (double submit). */
export function withCsrf(method: string, headers: Headers): void {
  if (method === 'GET' || method === 'HEAD') return;
  const csrf = csrfToken ?? readCookie(CSRF_COOKIE);
  if (csrf) headers.set('x-csrf-token', csrf);
}

/** What every answer tells the session: a new CSRF token, a sign-out or a lapsed session (401), activity. */
export function sessionAnswered(url: string, status: number, json: unknown): void {
  if (status === 401) csrfToken = undefined;
  if (status < 200 || status >= 300) return;
  const token = (json as { csrfToken?: unknown } | null)?.csrfToken;
  if (typeof token === 'string') csrfToken = token;
  if (url.endsWith('/auth/logout')) csrfToken = undefined;
  markStaffActivity(url);
}

/**
 * Same-origin fetch carrying the httpOnly staff session cookie, for ra-data-simple-rest's lists and records; the
 * console's own calls go through the typed client (api.ts), which handles the session the same way. No token is
 * ever kept in web storage.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  withCsrf((options.method ?? 'GET').toUpperCase(), headers);
  const request = fetchUtils.fetchJson(apiUrl(url), { ...options, headers, credentials: 'include' });
  return request.then(
    (answer) => {
      sessionAnswered(url, answer.status, answer.json);
      return answer;
    },
    (err: { status?: number }) => {
      sessionAnswered(url, err?.status ?? 0, null);
      throw err;
    },
  );
}

/** The server's `error` message from a failed call (`{ success:false, error, errors? }`), for notifications. */
export function errorMessage(err: unknown): string {
  const body = (err as { body?: { error?: string } })?.body;
  return body?.error ?? (err as Error)?.message ?? 'Something went wrong';
}

/** The server's field -> message map from a failed call, if any. */
export function fieldErrors(err: unknown): Record<string, string> {
  const body = (err as { body?: { errors?: Record<string, string> } })?.body;
  return body?.errors && typeof body.errors === 'object' ? body.errors : {};
}
