// The one HTTP client of the customer app. Sessions live in an httpOnly cookie (docs/decisions/0007);
// unsafe methods echo the CSRF token back as a header (double submit). The API may live on another origin
// (config.json, read at start): every call goes through apiUrl.
import { apiUrl } from '@strongroom/shared';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Refused until a lock ends (HTTP 423 Locked): payments after too many wrong PINs, sign-in after failed attempts. */
  get locked(): boolean {
    return this.status === 423;
  }
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

const CSRF_COOKIES = ['__Host-sr_csrf', 'sr_csrf'];
/**
 * The session's CSRF token, as the last sign-in or check answered it. When the app is served from an origin
 * of its own the API's cookie cannot be read here, so the answer is the source; the cookie is the fallback.
 */
let csrfToken: string | undefined;
/** Fired when a signed-in call comes back 401 (idle expiry, revoked session). */
export const UNAUTHORIZED_EVENT = 'strongroom:unauthorized';

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * When this browser's session last reached the server (any tab: kept in localStorage, which holds no secret here).
 * The server's idle expiry counts from its own last sight of the session; the app warns before it (IdleWarning).
 */
const SESSION_ACTIVITY_KEY = 'strongroom:lastActivity';
export function lastSessionActivity(): number | null {
  const value = Number(localStorage.getItem(SESSION_ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}
/** Calls that do not touch a session (public, or ending it): the server's idle clock does not move for them. */
const SESSIONLESS_PATHS = ['/fees', '/auth/logout', '/auth/register', '/auth/forgot-password', '/auth/reset-password', '/auth/verify-email', '/auth/resend-code', '/auth/passkey-login/options'];
const touchesSession = (path: string) => !SESSIONLESS_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}?`));
export function markSessionActivity(): void {
  try {
    localStorage.setItem(SESSION_ACTIVITY_KEY, String(Date.now()));
  } catch {
    /* storage full or refused: the warning then counts from this tab's own calls only */
  }
}

export interface RequestOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The API's answer; a network failure becomes an ApiError (an abort stays an AbortError). */
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    // The API may be on another origin of the same site (runtime config): its cookies must still go.
    return await fetch(apiUrl(`/v1${path}`), { ...init, credentials: 'include' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Cannot reach the bank right now. Check your connection and try again.');
  }
}

/** The answer's JSON body, or null when it has none. */
async function jsonOf(res: Response) {
  return (res.headers.get('content-type') ?? '').includes('application/json') ? await res.json().catch(() => null) : null;
}

/** The refusal as an ApiError; a lapsed session outside sign-in also tells the app to sign out. */
function refusal(path: string, status: number, data: { error?: string; message?: string; errors?: Record<string, string> } | null): ApiError {
  if (status === 401 && !path.startsWith('/auth/')) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  return new ApiError(status, (data && (data.error || data.message)) || GENERIC_ERROR, data?.errors);
}

async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD') {
    const csrf = csrfToken ?? CSRF_COOKIES.map(readCookie).find(Boolean);
    if (csrf) headers['x-csrf-token'] = csrf;
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;

  const res = await send(path, { method, headers, body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body), signal: opts.signal });
  const data = await jsonOf(res);
  if (data && typeof data.csrfToken === 'string') csrfToken = data.csrfToken;
  if (path === '/auth/logout' || res.status === 401) csrfToken = undefined;
  if (!res.ok || (data && data.success === false)) throw refusal(path, res.status, data);
  if (touchesSession(path)) markSessionActivity();
  return data as T;
}

/** A file the API answered with, and the name it asked the browser to save it under. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * A file by GET, read here rather than by following a link, so that a refusal (a rate limit, a busy server, a lapsed
 * session) is told in the app instead of replacing it with the API's JSON.
 */
async function download(path: string): Promise<DownloadedFile> {
  const res = await send(path, { method: 'GET' });
  if (!res.ok) throw refusal(path, res.status, await jsonOf(res));
  markSessionActivity();
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: await res.blob(), fileName };
}

export const api = {
  download,
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body ?? {}, opts),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body ?? {}, opts),
  del: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
};

/** A fresh key per user intent; reuse it when retrying the same intent (time-ordered: @strongroom/shared). */
export { newIdempotencyKey } from '@strongroom/shared';
