import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every route states its contract: what it answers (a 2xx schema and the error envelope), what body it takes, what
 * its path parameters are and, for a list, its query. Handlers are typed from these declarations
 * (docs/decisions/0055-route-type-provider.md), so a route without them is an untyped, undocumented route.
 */

/**
 * The only exemptions: the API's map itself (@fastify/swagger-ui's static files and the generated document, served when
 * DOCS=1), and a POST, PUT or PATCH that reads no body says so with `config: { noBody: true }` instead of a body schema.
 * Uploads (registration, profile, cheques, crypto receipts) declare the schema of their form fields like any body.
 */
const isDocs = (url: string) => url === '/docs' || url.startsWith('/docs/');

interface Route {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  /** The route reads no body (`config: { noBody: true }`, common/type-provider.ts). */
  noBody: boolean;
}

const hasSchema = (value: unknown) => value !== undefined && value !== null;
/** A staff list (ra-data-simple-rest): its answer is an array, paged by sort, range and filter in the query. */
const isList = (response: Record<string, unknown>) => Object.entries(response).some(([code, schema]) => code.startsWith('2') && (schema as { type?: unknown }).type === 'array');

function problemsOf(route: Route): string[] {
  const key = `${route.method} ${route.url}`;
  const problems: string[] = [];
  const response = route.schema.response as Record<string, unknown> | undefined;
  if (!response || !Object.keys(response).some((code) => code.startsWith('2'))) problems.push('no 2xx response schema');
  if (!response?.['4xx']) problems.push('no error envelope (4xx) response schema');
  if (['POST', 'PUT', 'PATCH'].includes(route.method) && !hasSchema(route.schema.body) && !route.noBody) problems.push('no body schema');
  if (route.noBody && hasSchema(route.schema.body)) problems.push('says it reads no body, yet declares one');
  if (route.url.includes(':') && !hasSchema(route.schema.params)) problems.push('no params schema');
  if (route.method === 'GET' && response && isList(response) && !hasSchema(route.schema.querystring)) problems.push('a list without a querystring schema');
  return problems.map((problem) => `${key}: ${problem}`);
}

describe('route contracts', () => {
  let t: TestApp;
  const routes: Route[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (method !== 'HEAD' && !isDocs(route.url)) routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Record<string, unknown>, noBody: route.config?.noBody === true });
          }
        },
      },
    );
  });
  afterAll(() => t.close());

  it('sees the API routes', () => {
    expect(routes.filter((route) => route.url.startsWith('/v1/')).length).toBeGreaterThan(100);
  });

  it('every route declares its response, and its body, params and list query where it has them', () => {
    expect(routes.flatMap(problemsOf)).toEqual([]);
  });

  it('tells a route without its contract by what it lacks', () => {
    const bare = { method: 'POST', url: '/v1/things/:id', schema: {}, noBody: false };
    expect(problemsOf(bare)).toEqual([
      'POST /v1/things/:id: no 2xx response schema',
      'POST /v1/things/:id: no error envelope (4xx) response schema',
      'POST /v1/things/:id: no body schema',
      'POST /v1/things/:id: no params schema',
    ]);
    const list = { method: 'GET', url: '/v1/admin/things', schema: { response: { 200: { type: 'array' }, '4xx': {} } }, noBody: false };
    expect(problemsOf(list)).toEqual(['GET /v1/admin/things: a list without a querystring schema']);
    expect(problemsOf({ method: 'PATCH', url: '/v1/things', schema: { body: {}, response: { 200: {}, '4xx': {} } }, noBody: true })).toEqual([
      'PATCH /v1/things: says it reads no body, yet declares one',
    ]);
  });
});
