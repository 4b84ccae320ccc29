// The console's own calls (sign-in, decisions, card and network actions, staff invitations), typed by the API's
// OpenAPI document (shared/src/api/schema.ts, npm run api:generate) through openapi-fetch. ra-data-simple-rest keeps
// the lists and records (data-provider.ts); both carry the staff session alike (http.ts).
import createClient, { type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { HttpError } from 'react-admin';
import { apiUrl, type ApiPaths } from '@strongroom/shared';
import { sessionAnswered, withCsrf } from './http';

const UNSAFE_WITH_BODY = ['POST', 'PUT', 'PATCH'];

/** The API path a request names, with its query, as http.ts's session handling matches it. */
const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/**
 * The CSRF token on unsafe methods and a JSON body on writes that send none; an answer outside 2xx is thrown as
 * react-admin's HttpError with the API's `{ success: false, error, errors }` as its body, as the list provider's are.
 */
const staffSessionMiddleware: Middleware = {
  onRequest({ request }) {
    const { headers } = request;
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    withCsrf(request.method, headers);
    if (!UNSAFE_WITH_BODY.includes(request.method) || request.body !== null) return undefined;
    headers.set('Content-Type', 'application/json');
    return new ApiRequest(request, { body: '{}' });
  },
  async onResponse({ request, response }) {
    const json = (response.headers.get('content-type') ?? '').includes('application/json')
      ? await response
          .clone()
          .json()
          .catch(() => null)
      : null;
    sessionAnswered(pathOf(request), response.status, json);
    if (response.status < 200 || response.status >= 300) throw new HttpError((json && (json as { message?: string }).message) || response.statusText, response.status, json);
    return undefined;
  },
};

/** Requests go to the API's origin from the runtime config (read at start, after this module loads). */
class ApiRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? apiUrl(input) : input, init);
  }
}

const client = createClient<ApiPaths>({ credentials: 'include', Request: ApiRequest });
client.use(staffSessionMiddleware);

type InitParam<Init> = RequiredKeysOf<Init> extends never ? [Init?] : [Init];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DataOf<Operation, Init> = Operation extends Record<string | number, any> ? FetchResponse<Operation, Init, `${string}/${string}`>['data'] : never;
/** A route that declares no answer yet answers `Undocumented`: read unchecked until the route declares it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Undocumented = any;
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
 * declares less precisely than the console reads it, read as the shape the console knows it by.
 */
export const undeclared = <T>(value: unknown) => value as T;

/** The Idempotency-Key header of a money-moving call: one key per click, so a network retry is answered once. */
export const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/** Every call of the console outside the list provider: paths, parameters, bodies and answers typed by the API. */
export const api = {
  GET: answering('get'),
  POST: answering('post'),
  PUT: answering('put'),
  PATCH: answering('patch'),
  DELETE: answering('delete'),
};
