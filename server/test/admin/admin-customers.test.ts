import { createTestApp, lastMail, login, registerCustomer, staffSession, type TestApp } from '../helpers/test-app';

describe('staff API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /v1/admin/auth/login', () => {
    it('refuses a wrong password and signs staff in with their own cookie', async () => {
      const s = await staffSession(t.app);
      expect(s.cookie).toMatch(/sr_staff_session=/);
      const bad = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: 'admin@bank.test', password: 'nope' } });
      expect(bad.statusCode).toBe(401);
      const check = await t.app.inject({ method: 'GET', url: '/v1/admin/auth/check', headers: { cookie: s.cookie } });
      expect(check.json().staff.role).toBe('admin');
    });
  });

  describe('GET /v1/admin/customers', () => {
    it('lists in ra-data-simple-rest form with Content-Range and filters by status', async () => {
      await registerCustomer(t.app);
      const s = await staffSession(t.app, 'auditor');
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/admin/customers?range=[0,9]&sort=["createdAt","DESC"]&filter=${encodeURIComponent('{"status":"pending_review"}')}`,
        headers: { cookie: s.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toMatch(/^customers 0-\d+\/\d+$/);
      const list = res.json();
      expect(Array.isArray(list)).toBe(true);
      expect(list.every((c: { status: string }) => c.status === 'pending_review')).toBe(true);
      const bad = await t.app.inject({ method: 'GET', url: '/v1/admin/customers?range=oops', headers: { cookie: s.cookie } });
      expect(bad.statusCode).toBe(400);
    });

    it('is closed to customers', async () => {
      const c = await registerCustomer(t.app);
      const cs = await login(t.app, c.accountNumber, c.password as string);
      const res = await t.app.inject({ method: 'GET', url: '/v1/admin/customers', headers: { cookie: cs.cookie } });
      expect(res.statusCode).toBe(403);
      const bearer = await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'x-session-mode': 'bearer' }, payload: { accountNumber: c.accountNumber, password: c.password } });
      const viaBearer = await t.app.inject({ method: 'GET', url: '/v1/admin/customers', headers: { authorization: `Bearer ${bearer.json().token}` } });
      expect(viaBearer.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: '/v1/admin/customers' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('PATCH /v1/admin/customers/:id/approve and /reject', () => {
    it('approves a pending application, audits it and e-mails the customer', async () => {
      const c = await registerCustomer(t.app);
      const admin = await staffSession(t.app);
      const res = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/approve`, headers: admin.headers });
      expect(res.json()).toEqual({ success: true, message: 'Application approved', status: 'approved', awaitingSecondApproval: false });
      const [row] = await t.app.db.query(`SELECT status FROM customers WHERE id = $1`, [c.id]);
      expect(row.status).toBe('approved');
      const audit = await t.app.db.query(`SELECT actor_type, action FROM audit_log WHERE target_id = $1`, [c.id]);
      expect(audit).toEqual([{ actor_type: 'staff', action: 'customer.approve' }]);
      expect((await lastMail(t.app, c.email as string)).template).toBe('applicationApproved');
      // The same decision again answers as the first did (a retried click); the contrary one is refused.
      const twice = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/approve`, headers: admin.headers });
      expect(twice.json()).toEqual(res.json());
      const contrary = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/reject`, headers: admin.headers, payload: { reason: 'Second thoughts' } });
      expect(contrary.statusCode).toBe(409);
      expect(contrary.json().error).toBe('This application has already been approved');
      const history = await t.app.db.query(`SELECT from_status, to_status, actor_type FROM status_events WHERE subject_id = $1`, [c.id]);
      expect(history).toEqual([{ from_status: 'pending_review', to_status: 'approved', actor_type: 'staff' }]);
    });

    it('rejects with a reason, and requires one', async () => {
      const c = await registerCustomer(t.app);
      const admin = await staffSession(t.app);
      const none = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/reject`, headers: admin.headers, payload: {} });
      expect(none.json().errors.reason).toBe('A reason is required');
      const res = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/reject`, headers: admin.headers, payload: { reason: 'The ID document is unreadable' } });
      expect(res.statusCode).toBe(200);
      const cs = await login(t.app, c.accountNumber, c.password as string);
      const check = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: cs.cookie } });
      expect(check.json().user).toMatchObject({ status: 'rejected', rejectionReason: 'The ID document is unreadable' });
    });

    it('is refused to the auditor role and to customers (403)', async () => {
      const c = await registerCustomer(t.app);
      const auditor = await staffSession(t.app, 'auditor');
      const res = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/approve`, headers: auditor.headers });
      expect(res.statusCode).toBe(403);
      const cs = await login(t.app, c.accountNumber, c.password as string);
      const asCustomer = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/approve`, headers: cs.headers });
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json()).toEqual({ success: false, error: 'This area is for bank staff only' });
    });
  });

  describe('audit log', () => {
    it('is append-only in the database itself', async () => {
      await t.app.db.query(`INSERT INTO audit_log (actor_type, action, target_type) VALUES ('system', 'test', 'test')`);
      // The server's role may not even try; the trigger refuses even the owner.
      await expect(t.app.db.query(`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow(/permission denied/);
      await expect(t.app.db.query(`DELETE FROM audit_log`)).rejects.toThrow(/permission denied/);
      await expect(t.ownerQuery(`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow(/append-only/);
      await expect(t.ownerQuery(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    });
  });
});
