import type { RouteOptions } from 'fastify';
import { createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';

/**
 * Every staff list (an array answer, ra-data-simple-rest) reads `sort`, `range` and `filter` through its declared
 * querystring schema (listQuery in common/list-paging.ts): bad input is a 400 naming what is wrong, never a 500, and a
 * good page comes back with its place in Content-Range.
 */
describe('staff list queries', () => {
  let t: TestApp;
  let staff: Session;
  const lists: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          const ok = (route.schema?.response as Record<string, { type?: unknown }> | undefined)?.[200];
          if ([route.method].flat().includes('GET') && ok?.type === 'array' && !route.url.includes(':')) lists.push(route.url);
        },
      },
    );
    staff = await staffSession(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, query: Record<string, string>) => t.app.inject({ method: 'GET', url, query, headers: staff.headers });

  it('finds the staff lists', () => {
    expect(lists).toEqual(expect.arrayContaining(['/v1/admin/customers', '/v1/admin/outbox', '/v1/admin/audit-log', '/v1/admin/staff', '/v1/loan', '/v1/admin/cheques']));
    expect(lists.length).toBeGreaterThanOrEqual(15);
  });

  it.each([
    [{ sort: '["createdAt"' }, 'sort must be JSON'],
    [{ range: 'zero' }, 'range must be JSON'],
    [{ filter: '{q:' }, 'filter must be JSON'],
    [{ filter: '["a"]' }, 'filter must be a JSON object'],
    [{ range: '[5,1]' }, 'range must be [start, end]'],
    [{ range: '[-1,4]' }, 'range must be [start, end]'],
    [{ range: '[0,1e21]' }, 'range must be [start, end]'],
    [{ range: '[0]' }, 'range must be [start, end]'],
    [{ filter: '{"q":"a\\u0000b"}' }, 'This field contains characters that are not allowed'],
    [{ page: '2' }, 'Unknown field: page'],
  ])('answers %j with 400 "%s" on every list', async (query, message) => {
    for (const url of lists) {
      const res = await get(url, query);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: expect.objectContaining({ success: false, error: message }) });
    }
  });

  it('pages every list with a sort, a range and an empty filter', async () => {
    for (const url of lists) {
      const res = await get(url, { sort: '["id","ASC"]', range: '[0,4]', filter: '{}' });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(Array.isArray(res.json())).toBe(true);
      expect(res.json().length).toBeLessThanOrEqual(5);
      expect(res.headers['content-range']).toMatch(/^[a-z-]+ 0-\d+\/(\d+|\*)$/);
    }
  });

  it('starts a page where range says', async () => {
    const res = await get('/v1/admin/audit-log', { range: '[2,3]' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toMatch(/^audit-log 2-\d+\/(\d+|\*)$/);
  });
});
