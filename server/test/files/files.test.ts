import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PNG_1X1, createTestApp, login, registerCustomer, staffSession, type TestApp } from '../helpers/test-app';

describe('GET /v1/files/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function passportOf(customerId: string): Promise<string> {
    const [row] = await t.app.db.query(`SELECT passport_file_id AS id FROM customers WHERE id = $1`, [customerId]);
    return row.id;
  }

  it('serves the passport to its owner and to staff, as the bytes uploaded, never sniffable', async () => {
    const c = await registerCustomer(t.app);
    const fileId = await passportOf(c.id);
    const owner = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);

    const staff = await staffSession(t.app, 'auditor');
    const asStaff = await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: { cookie: staff.cookie } });
    expect(asStaff.statusCode).toBe(200);
    const show = await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${c.id}`, headers: { cookie: staff.cookie } });
    expect(show.json().passportImage).toBe(`/v1/files/${fileId}`);
  });

  it("answers 404 for another customer's file, exactly as for a missing one", async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const bSession = await login(t.app, b.accountNumber, b.password as string);
    const other = await t.app.inject({ method: 'GET', url: `/v1/files/${await passportOf(a.id)}`, headers: { cookie: bSession.cookie } });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/files/00000000-0000-4000-8000-000000000000', headers: { cookie: bSession.cookie } });
    const malformed = await t.app.inject({ method: 'GET', url: '/v1/files/..%2F..%2Fsecrets.json', headers: { cookie: bSession.cookie } });
    for (const res of [other, missing, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'File not found' });
    }
  });

  it('answers 401 without a session', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/v1/files/${await passportOf(c.id)}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('keeps uploads under DATA_DIR/files, outside any web root', async () => {
    const c = await registerCustomer(t.app);
    const [row] = await t.app.db.query(`SELECT storage_path FROM stored_files WHERE id = $1`, [await passportOf(c.id)]);
    expect(existsSync(join(t.dataDir, 'files', row.storage_path))).toBe(true);
    expect(readdirSync(join(t.dataDir, 'files')).length).toBeGreaterThan(0);
  });
});
