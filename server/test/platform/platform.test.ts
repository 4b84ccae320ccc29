import { createTestApp, type TestApp } from '../helpers/test-app';

describe('platform routes and error shapes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /healthz and GET /readyz', () => {
    it('reports the process up and the database reachable', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ success: true, status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ success: true, status: 'ready' });
    });

    it('answers 503 from /readyz when the database is gone, while /healthz stays up', async () => {
      const other = await createTestApp();
      try {
        await other.dataSource.destroy();
        const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ success: false, error: 'database unavailable' });
        expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  });

  describe('unknown routes', () => {
    it('answers JSON 404 under /v1', async () => {
      for (const [method, url] of [
        ['GET', '/v1/nope'],
        ['POST', '/v1/auth/nope'],
        ['DELETE', '/v1/auth/login'],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, error: 'Not found' });
      }
    });

    it('says the web app is not built when there is no dist to fall back to', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'The web app is not built. Run npm run build.' });
    });
  });

  describe('bad requests never become 500', () => {
    it('refuses a content type it does not read with 415, and plain text with 400', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ success: false, error: 'Unsupported content type' });
      const text = await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'accountNumber=1' });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ success: false, error: 'The request body must be a JSON object' });
    });

    it('refuses a body over the 1 MB limit with 413', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: '1234567890', password: 'x'.repeat(1024 * 1024 + 10) } });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, error: 'The request is too large' });
    });

    it('refuses broken, empty and non-object JSON with 400', async () => {
      const broken = await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"accountNumber":' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ success: false, error: 'The request body is not valid JSON' });
      const empty = await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().success).toBe(false);
      for (const payload of ['[1,2]', '"text"', '42', 'null']) {
        const res = await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', headers: { 'content-type': 'application/json' }, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().success).toBe(false);
      }
    });
  });

  describe('GET /docs', () => {
    it('publishes an OpenAPI document in which every /v1 operation has a summary and a tag', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };
      expect(doc.openapi).toMatch(/^3\./);
      const missing: string[] = [];
      for (const [path, ops] of Object.entries(doc.paths)) {
        if (!path.startsWith('/v1/')) continue;
        for (const [method, op] of Object.entries(ops)) {
          if (!op.summary || !op.tags?.length) missing.push(`${method.toUpperCase()} ${path}`);
        }
      }
      expect(missing).toEqual([]);
      for (const path of ['/v1/auth/register', '/v1/auth/login', '/v1/user/profile', '/v1/files/{id}', '/v1/admin/customers/{id}/approve', '/v1/admin/audit-log']) {
        expect(doc.paths[path]).toBeDefined();
      }
      expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
    });
  });
});
