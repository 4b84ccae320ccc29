import { createTestApp, codeIn, lastMail, login, registerCustomer, type TestApp } from '../helpers/test-app';

describe('POST /v1/auth/verify-email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('verifies the e-mail with the mailed code', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: c.code } });
    expect(res.json()).toEqual({ success: true, message: 'Code verified successfully' });
    const s = await login(t.app, c.accountNumber, c.password as string);
    const check = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } });
    expect(check.json().user.emailVerified).toBe(true);
  });

  it("says 'Code is incorrect' and stops after 5 wrong codes", async () => {
    const c = await registerCustomer(t.app);
    const wrong = c.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: wrong } });
      expect(r.json().error).toBe('Code is incorrect');
    }
    const fifth = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: wrong } });
    expect(fifth.statusCode).toBe(429);
    const right = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: c.code } });
    expect(right.statusCode).toBe(429);
  });

  it('refuses an expired code and a malformed one', async () => {
    const c = await registerCustomer(t.app);
    await t.app.db.query(`UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [c.id]);
    const expired = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: c.code } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatch(/expired/);
    const bad = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: '12a' } });
    expect(bad.json().errors.code).toBe('Code must be 6 digits');
  });
});

describe('POST /v1/auth/resend-code', () => {
  it('refuses a resend sooner than 30 s, then sends a new working code', async () => {
    const t = await createTestApp();
    try {
      const c = await registerCustomer(t.app);
      const soon = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-code', payload: { email: c.email } });
      expect(soon.statusCode).toBe(429);
      await t.app.db.query(`UPDATE email_verifications SET created_at = now() - interval '31 seconds' WHERE customer_id = $1`, [c.id]);
      const ok = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-code', payload: { email: c.email } });
      expect(ok.statusCode).toBe(200);
      const code = codeIn((await lastMail(t.app, c.email as string)).bodyText);
      const verify = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code } });
      expect(verify.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('POST /v1/auth/forgot-password and /v1/auth/reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the same whether or not the e-mail exists', async () => {
    const c = await registerCustomer(t.app);
    const known = await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: c.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: 'nobody@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // The lookup and the mail happen after the answer; then only the account's owner has a link.
    await t.app.background.idle();
    expect((await lastMail(t.app, c.email as string)).template).toBe('passwordReset');
    expect(await t.app.db.query(`SELECT 1 FROM outbox WHERE lower(to_address) = 'nobody@example.com'`)).toEqual([]);
  });

  it('logs, and does not lose the server over, background work that fails', async () => {
    t.app.background.run('a failing job', async () => {
      throw new Error('smtp down');
    });
    await t.app.background.idle();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('resets with a single-use link and signs out every session', async () => {
    const c = await registerCustomer(t.app);
    const old = await login(t.app, c.accountNumber, c.password as string);
    await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: c.email } });
    const mail = await lastMail(t.app, c.email as string);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.bodyText)![1];
    const weak = await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword: 'alllowercase' } });
    expect(weak.json().errors.newPassword).toBe('Password must contain uppercase, lowercase, number, and special character');
    const ok = await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword: 'Fresh!Pass9' } });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword: 'Other!Pass9' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This reset link is invalid or has expired');
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: old.cookie } })).statusCode).toBe(401);
    await login(t.app, c.accountNumber, 'Fresh!Pass9');
  });

  it('refuses an expired link', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: c.email } });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await lastMail(t.app, c.email as string)).bodyText)![1];
    await t.app.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [c.id]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword: 'Fresh!Pass9' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /v1/auth/change-password', () => {
  it('needs the current password, applies the complexity rule, and signs out other sessions', async () => {
    const t = await createTestApp();
    try {
      const c = await registerCustomer(t.app);
      const a = await login(t.app, c.accountNumber, c.password as string);
      const b = await login(t.app, c.accountNumber, c.password as string);
      const wrong = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: a.headers, payload: { currentPassword: 'Nope!1234', newPassword: 'N3w!Password' } });
      expect(wrong.json().errors.currentPassword).toBe('Current password is incorrect');
      const missing = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: a.headers, payload: { newPassword: 'short' } });
      expect(missing.json().errors).toMatchObject({ currentPassword: 'Current password is required', newPassword: 'Password must be at least 8 characters' });
      const ok = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: a.headers, payload: { currentPassword: c.password, newPassword: 'N3w!Password' } });
      expect(ok.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: a.cookie } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: b.cookie } })).statusCode).toBe(401);
      expect((await lastMail(t.app, c.email as string)).template).toBe('passwordChanged');
    } finally {
      await t.close();
    }
  });
});
