import { randomBytes } from 'node:crypto';
import { createTestApp, lastMail, registerCustomer, sessionFrom, staffMember, staffSession, type TestApp } from '../helpers/test-app';
import { freshOtp } from '../helpers/totp';

describe('staff sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /v1/admin/auth/login', () => {
    it('validates the body', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: 'not-an-email', role: 'admin' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().errors.role).toBe('Unknown field: role');
    });

    it('locks a staff account after 5 wrong passwords, and an unknown e-mail the same way', async () => {
      const member = await staffMember(t.app);
      const unknown = `nobody.${randomBytes(4).toString('hex')}@bank.test`;
      for (const email of [member.email, unknown]) {
        for (let i = 0; i < 5; i++) {
          const r = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email, password: 'Wrong!Passw0rd' } });
          expect(r.statusCode).toBe(401);
        }
      }
      const right = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: member.email, password: member.password, otp: await freshOtp(member.totpSecret) } });
      expect(right.statusCode).toBe(423);
      expect(right.json().error).toBe('Too many failed attempts. This account is locked for 15 minutes.');
      // Nobody uses the unknown address, yet it answers exactly the same: a lockout names no one.
      const ghost = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: unknown, password: member.password } });
      expect(ghost.statusCode).toBe(423);
      expect(ghost.json()).toEqual(right.json());
    });

    it('sets its own httpOnly SameSite=Strict cookie, distinct from the customer one', async () => {
      const member = await staffMember(t.app, 'auditor');
      const email = member.email;
      const res = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: email.toUpperCase(), password: member.password, otp: await freshOtp(member.totpSecret) } });
      expect(res.statusCode).toBe(200);
      expect(res.json().staff).toMatchObject({ email, role: 'auditor' });
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
      const session = cookies.find((c) => c.startsWith('sr_staff_session='))!;
      expect(session).toMatch(/HttpOnly/);
      expect(session).toMatch(/SameSite=Strict/);
      expect(session).toMatch(/Path=\//);
      expect(cookies.some((c) => c.startsWith('sr_session='))).toBe(false);
    });
  });

  describe('GET /v1/admin/auth/check and POST /v1/admin/auth/logout', () => {
    it('answers 401 without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/admin/auth/check' });
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    });

    it('refuses logout without the CSRF header, then revokes the session with it', async () => {
      const s = await staffSession(t.app);
      const forged = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/logout', headers: { cookie: s.cookie } });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error).toBe('Invalid CSRF token');
      const out = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/logout', headers: s.headers });
      expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' });
      expect((await t.app.inject({ method: 'GET', url: '/v1/admin/auth/check', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    });

    it('expires a staff session idle for 15 minutes', async () => {
      const s = await staffSession(t.app);
      const check = await t.app.inject({ method: 'GET', url: '/v1/admin/auth/check', headers: { cookie: s.cookie } });
      await t.app.db.query(`UPDATE sessions SET last_seen_at = now() - interval '16 minutes' WHERE kind = 'staff' AND subject_id = $1`, [check.json().staff.id]);
      expect((await t.app.inject({ method: 'GET', url: '/v1/admin/auth/check', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    });
  });
});

describe('staff review of applications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /v1/admin/customers/:id', () => {
    it('shows one customer and answers 404 for unknown or malformed ids', async () => {
      const c = await registerCustomer(t.app);
      const s = await staffSession(t.app, 'auditor');
      const res = await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${c.id}`, headers: { cookie: s.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: c.id, accountNumber: c.accountNumber, status: 'pending_review', emailVerified: false });
      expect(res.json().passwordHash).toBeUndefined();
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const missing = await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${id}`, headers: { cookie: s.cookie } });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ success: false, error: 'Customer not found' });
      }
    });
  });

  describe('GET /v1/admin/customers', () => {
    it('finds a customer by account number, e-mail or name with filter.q', async () => {
      const c = await registerCustomer(t.app, { lastName: 'Quintessa' });
      const s = await staffSession(t.app, 'auditor');
      for (const q of [c.accountNumber, (c.email as string).toUpperCase(), 'quintessa']) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/admin/customers?filter=${encodeURIComponent(JSON.stringify({ q }))}`, headers: { cookie: s.cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.json().map((x: { id: string }) => x.id)).toContain(c.id);
      }
      for (const bad of ['sort=notjson', 'filter=[1]', 'range=[5,1]']) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/admin/customers?${bad}`, headers: { cookie: s.cookie } });
        expect(res.statusCode).toBe(400);
        expect(res.json().success).toBe(false);
      }
    });
  });

  describe('PATCH /v1/admin/customers/:id/approve', () => {
    it('decides an application once (409 the second time) and needs the CSRF header', async () => {
      const c = await registerCustomer(t.app);
      const admin = await staffSession(t.app);
      const noCsrf = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/approve`, headers: { cookie: admin.cookie } });
      expect(noCsrf.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/approve`, headers: admin.headers })).statusCode).toBe(200);
      const again = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/reject`, headers: admin.headers, payload: { reason: 'Changed my mind' } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, error: 'This application has already been approved' });
      const unknown = await t.app.inject({ method: 'PATCH', url: '/v1/admin/customers/00000000-0000-4000-8000-000000000000/approve', headers: admin.headers });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('GET /v1/admin/outbox', () => {
    it('lists sent mail newest first with Content-Range, filtered by recipient, and shows one message', async () => {
      const c = await registerCustomer(t.app);
      const s = await staffSession(t.app, 'auditor');
      const res = await t.app.inject({ method: 'GET', url: `/v1/admin/outbox?range=[0,4]&filter=${encodeURIComponent(JSON.stringify({ to: c.email }))}`, headers: { cookie: s.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBe('outbox 0-0/1');
      const [item] = res.json();
      expect(item).toMatchObject({ to: c.email, template: 'welcome', status: 'written' });
      expect(item.bodyText).toContain(c.accountNumber);
      const one = await t.app.inject({ method: 'GET', url: `/v1/admin/outbox/${item.id}`, headers: { cookie: s.cookie } });
      expect(one.json().id).toBe(item.id);
      const cs = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
      const asCustomer = await t.app.inject({ method: 'GET', url: '/v1/admin/outbox', headers: { cookie: sessionFrom(cs).cookie } });
      expect(asCustomer.statusCode).toBe(403);
    });
  });

  describe('GET /v1/admin/audit-log', () => {
    it('records who rejected whom, when and why', async () => {
      const c = await registerCustomer(t.app);
      const admin = await staffSession(t.app);
      const check = await t.app.inject({ method: 'GET', url: '/v1/admin/auth/check', headers: { cookie: admin.cookie } });
      await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/reject`, headers: admin.headers, payload: { reason: 'Document expired' } });
      const res = await t.app.inject({ method: 'GET', url: '/v1/admin/audit-log?sort=["id","DESC"]&range=[0,49]', headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toMatch(/^audit-log 0-\d+\/\d+$/);
      const entry = res.json().find((e: { targetId: string }) => e.targetId === c.id);
      expect(entry).toMatchObject({
        actorType: 'staff',
        actorId: check.json().staff.id,
        actorEmail: check.json().staff.email,
        action: 'customer.reject',
        targetType: 'customer',
        reason: 'Document expired',
      });
      expect(new Date(entry.createdAt).getTime()).not.toBeNaN();
      expect((await lastMail(t.app, c.email as string)).template).toBe('applicationRejected');
    });

    // docs/performance.md#staff-list-at-scale: a log that grows with every card payment is counted only a thousand rows past the page.
    it('leaves the total of a long log unknown (*) past a thousand rows beyond the page, and counts it near its end', async () => {
      const admin = await staffSession(t.app);
      await t.ownerQuery(`INSERT INTO audit_log (actor_type, action, target_type) SELECT 'system', 'load.test', 'nothing' FROM generate_series(1, 1200)`);
      const range = async (from: number, to: number) =>
        (await t.app.inject({ method: 'GET', url: `/v1/admin/audit-log?sort=["id","ASC"]&range=[${from},${to}]`, headers: { cookie: admin.cookie } })).headers['content-range'];
      expect(await range(0, 9)).toBe('audit-log 0-9/*');
      const [{ count }] = await t.ownerQuery(`SELECT count(*)::int AS count FROM audit_log`);
      const total = count as number;
      expect(total).toBeGreaterThan(1200);
      expect(await range(total - 10, total + 9)).toBe(`audit-log ${total - 10}-${total - 1}/${total}`);
      // Newest first by the number, not by its text ('999' after '1000').
      const newest = await t.app.inject({ method: 'GET', url: '/v1/admin/audit-log?sort=["id","DESC"]&range=[0,1]', headers: { cookie: admin.cookie } });
      const [{ last }] = await t.ownerQuery(`SELECT max(id)::text AS last FROM audit_log`);
      expect((newest.json() as { id: string }[]).map((entry) => entry.id)).toEqual([last, String(Number(last) - 1)]);
    });
  });
});
