import { createTestApp, registerCustomer, staffSession, type TestApp } from '../helpers/test-app';

describe('staff reads are audited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const auditRows = (action: string) => t.app.db.query(`SELECT actor_type, actor_id, actor_email, target_type, target_id, details FROM audit_log WHERE action = $1 ORDER BY id`, [action]);

  it('records each staff view of a passport image, and not the owner viewing their own', async () => {
    const c = await registerCustomer(t.app);
    const [{ id: fileId }] = await t.app.db.query(`SELECT passport_file_id AS id FROM customers WHERE id = $1`, [c.id]);
    const auditor = await staffSession(t.app, 'auditor');
    const res = await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: { cookie: auditor.cookie } });
    expect(res.statusCode).toBe(200);
    const rowsAfter = await auditRows('file.view');
    expect(rowsAfter).toHaveLength(1);
    expect(rowsAfter[0]).toMatchObject({ actor_type: 'staff', target_type: 'stored_file', target_id: fileId, details: { purpose: 'passport', ownerCustomerId: c.id, role: 'auditor' } });
    expect(rowsAfter[0].actor_email).toMatch(/^auditor\./);
  });

  it('records reading the mail outbox, list and message', async () => {
    const admin = await staffSession(t.app, 'admin');
    const list = await t.app.inject({ method: 'GET', url: '/v1/admin/outbox', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    const [first] = list.json();
    await t.app.inject({ method: 'GET', url: `/v1/admin/outbox/${first.id}`, headers: { cookie: admin.cookie } });
    expect(await auditRows('outbox.list')).toHaveLength(1);
    const views = await auditRows('outbox.view');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ target_type: 'outbox', target_id: first.id });
  });
});
