// The one HTTP client of the customer app, typed by the API's OpenAPI document (openapi-fetch). Sessions live in an httpOnly cookie (docs/decisions/0007);
// unsafe methods echo the CSRF token back as a header (double submit). The API may live on another origin
// (config.json, read at start): every call goes through apiUrl.
import createClient, { type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { apiUrl, type ApiPaths } from '@strongroom/shared';

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
const SESSIONLESS_PATHS = [
  '/fees',
  '/products',
  '/auth/logout',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify-email',
  '/auth/resend-code',
  '/auth/passkey-login/options',
];
const touchesSession = (path: string) => !SESSIONLESS_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}?`));
export function markSessionActivity(): void {
  try {
    localStorage.setItem(SESSION_ACTIVITY_KEY, String(Date.now()));
  } catch {
    /* storage full or refused: the warning then counts from this tab's own calls only */
  }
}

/** The path an API call names, without the /v1 prefix and with its query (what the lists above match). */
function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/^\/v1/, '')}${url.search}`;
}

/** The answer's JSON body, or null when it has none. */
async function jsonOf(res: Response) {
  return (res.headers.get('content-type') ?? '').includes('application/json')
    ? await res
        .clone()
        .json()
        .catch(() => null)
    : null;
}

/** The refusal as an ApiError; a lapsed session outside sign-in also tells the app to sign out. */
function refusal(path: string, status: number, data: { error?: string; message?: string; errors?: Record<string, string> } | null): ApiError {
  if (status === 401 && !path.startsWith('/auth/')) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  return new ApiError(status, (data && (data.error || data.message)) || GENERIC_ERROR, data?.errors);
}

const UNSAFE_WITH_BODY = ['POST', 'PUT', 'PATCH'];

/**
 * What every call carries and how every answer is read: the CSRF token echoed on unsafe methods, a JSON body on
 * writes that send none, the session's activity noted, and a refusal (`{ success: false, error, errors }`, or a
 * network failure) thrown as an ApiError, so a call answers only with the API's success.
 */
const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    const { headers } = request;
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const csrf = csrfToken ?? CSRF_COOKIES.map(readCookie).find(Boolean);
      if (csrf) headers.set('x-csrf-token', csrf);
    }
    if (!UNSAFE_WITH_BODY.includes(request.method) || request.body !== null) return undefined;
    headers.set('Content-Type', 'application/json');
    return new ApiRequest(request, { body: '{}' });
  },
  async onResponse({ request, response }) {
    const path = pathOf(request);
    const data = await jsonOf(response);
    if (data && typeof data.csrfToken === 'string') csrfToken = data.csrfToken;
    if (path === '/auth/logout' || response.status === 401) csrfToken = undefined;
    if (!response.ok || (data && data.success === false)) throw refusal(path, response.status, data);
    if (touchesSession(path)) markSessionActivity();
    return undefined;
  },
  onError({ error }) {
    if ((error as Error).name === 'AbortError') return error as Error;
    return new ApiError(0, 'Cannot reach the bank right now. Check your connection and try again.');
  },
};

/** Requests go to the API's origin from the runtime config (read at start, after this module loads). */
class ApiRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? apiUrl(input) : input, init);
  }
}

/** The API's own client, typed by its OpenAPI document (shared/src/api/schema.ts, npm run api:generate). */
const client = createClient<ApiPaths>({ credentials: 'include', Request: ApiRequest });
client.use(sessionMiddleware);

type InitParam<Init> = RequiredKeysOf<Init> extends never ? [Init?] : [Init];
/**
 * What a route answers on success, as its declared response schema says. A route that declares none yet answers
 * `Undocumented`: its fields are read unchecked until the route declares them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Undocumented = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DataOf<Operation, Init> = Operation extends Record<string | number, any> ? FetchResponse<Operation, Init, `${string}/${string}`>['data'] : never;
type Answer<Data> = [NonNullable<Data>] extends [never] ? Undocumented : NonNullable<Data>;
type Call<Method extends HttpMethod> = <Path extends PathsWithMethod<ApiPaths, Method>, Init extends MaybeOptionalInit<ApiPaths[Path], Method>>(
  path: Path,
  ...init: InitParam<Init>
) => Promise<Answer<DataOf<ApiPaths[Path][Method], Init>>>;

function answering<Method extends HttpMethod>(method: Method): Call<Method> {
  return (async (path: string, init?: object) => (await client.request(method, path as never, init as never)).data) as unknown as Call<Method>;
}

/**
 * A part of an answer that its route's response schema does not declare yet (an object without properties), or
 * declares less precisely than the app reads it, read as the shape the app knows it by. These go as the routes
 * declare their answers in full.
 */
export const undeclared = <T>(value: unknown) => value as T;

/**
 * A multipart form (with its files) for a route whose schema declares the same fields as JSON; the browser sets the
 * form's content type.
 */
export const formBody = (form: FormData) => form as never;

/** A body part the route's schema declares as an object without properties (a WebAuthn response) but reads whole. */
export const opaque = (value: object) => value as never;

/** A route's JSON request body as its schema declares it (for a form's values once the shared schema has checked them). */
export type RequestBody<Path extends keyof ApiPaths, Method extends HttpMethod> =
  NonNullable<ApiPaths[Path][Method]> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;
/** A route's query parameters as its schema declares them. */
export type QueryOf<Path extends keyof ApiPaths, Method extends HttpMethod = 'get'> = NonNullable<ApiPaths[Path][Method]> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** The Idempotency-Key header of a money-moving call: a fresh key per user intent, reused when retrying it. */
export const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/** A file the API answered with, and the name it asked the browser to save it under. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * A file by GET, read here rather than by following a link, so that a refusal (a rate limit, a busy server, a lapsed
 * session) is told in the app instead of replacing it with the API's JSON.
 */
async function download(path: PathsWithMethod<ApiPaths, 'get'>, init?: { params?: { query?: Record<string, string> } }): Promise<DownloadedFile> {
  const { data, response } = await client.GET(path as never, { ...(init as object), parseAs: 'blob' } as never);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: data as unknown as Blob, fileName };
}

/** Every call of the app: paths, parameters, bodies and answers typed by the API's OpenAPI document. */
export const api = {
  GET: answering('get'),
  POST: answering('post'),
  PUT: answering('put'),
  PATCH: answering('patch'),
  DELETE: answering('delete'),
  download,
};

/** A fresh key per user intent; reuse it when retrying the same intent (time-ordered: @strongroom/shared). */
export { newIdempotencyKey } from '@strongroom/shared';
