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

  it('answers an already verified address like an unknown one (no enumeration), the right code still succeeds', async () => {
    const c = await registerCustomer(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: c.code } })).statusCode).toBe(200);
    const wrong = c.code === '000000' ? '111111' : '000000';
    const verified = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: wrong } });
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: 'nobody.at.all@example.com', code: wrong } });
    expect(verified.statusCode).toBe(400);
    expect(verified.body).toBe(unknown.body);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: c.code } })).json().message).toBe('Code verified successfully');
  });

  it('stops wrong codes for an unknown e-mail after 5, as for a real one', async () => {
    for (let i = 0; i < 4; i++) await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: 'ghost@example.com', code: '123456' } });
    const fifth = await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: 'ghost@example.com', code: '123456' } });
    expect(fifth.statusCode).toBe(429);
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
      await t.app.db.query(`UPDATE auth_attempts SET window_started_at = now() - interval '31 seconds'`);
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
    const weak = await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword: 'Password1!' } });
    expect(weak.json().errors.newPassword).toBe('Use 12 or more characters, or a less guessable password');
    const ok = await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword: 'Fresh!Pass9' } });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword: 'Other!Pass9' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This reset link is invalid or has expired');
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: old.cookie } })).statusCode).toBe(401);
    await login(t.app, c.accountNumber, 'Fresh!Pass9');
  });

  const resetToken = async (email: string) => {
    await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } });
    return /token=([A-Za-z0-9_-]+)/.exec((await lastMail(t.app, email)).bodyText)![1];
  };
  const reset = (token: string) => t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { token, newPassword: 'Fresh!Pass9' } });

  it('kills a link when a newer one is sent', async () => {
    const c = await registerCustomer(t.app);
    const first = await resetToken(c.email as string);
    const second = await resetToken(c.email as string);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('kills the other links when one is used, and every link when the password is changed', async () => {
    const c = await registerCustomer(t.app);
    const older = await resetToken(c.email as string);
    await t.app.db.query(`UPDATE password_resets SET used_at = NULL WHERE customer_id = $1`, [c.id]); // two live links, as before links died on send
    const newer = await resetToken(c.email as string);
    await t.app.db.query(`UPDATE password_resets SET used_at = NULL WHERE customer_id = $1`, [c.id]);
    expect((await reset(newer)).statusCode).toBe(200);
    expect((await reset(older)).statusCode).toBe(400);

    const d = await registerCustomer(t.app);
    const link = await resetToken(d.email as string);
    const s = await login(t.app, d.accountNumber, d.password as string);
    const changed = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: s.headers, payload: { currentPassword: d.password, newPassword: 'Another!Pass77' } });
    expect(changed.statusCode).toBe(200);
    expect((await reset(link)).statusCode).toBe(400);
  });

  it('sends at most 3 links per e-mail in 15 minutes', async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i < 4; i++) await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: c.email } });
    await t.app.background.idle();
    const [{ count }] = await t.app.db.query(`SELECT count(*)::int FROM outbox WHERE to_address = $1 AND template = 'passwordReset'`, [c.email]);
    expect(count).toBe(3);
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
  it('needs the current password, applies the password policy, and signs out other sessions', async () => {
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
