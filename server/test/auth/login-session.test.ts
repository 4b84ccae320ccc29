import { createTestApp, login, registerCustomer, sessionFrom, staffSession, type TestApp } from '../helpers/test-app';

describe('POST /v1/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with account number and password and sets httpOnly SameSite=Strict cookies', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user: { accountNumber: c.accountNumber, status: 'pending_review', accountBalance: '0.00', currency: 'USD' } });
    expect(body.token).toBeUndefined();
    const header = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    const session = header.find((h) => h.startsWith('sr_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).toMatch(/Path=\//);
    const csrf = header.find((h) => h.startsWith('sr_csrf='))!;
    expect(csrf).not.toMatch(/HttpOnly/);
  });

  it('validates with the spec messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: '123', password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ accountNumber: 'Account number must be 10 digits', password: 'Password must be at least 8 characters' });
    const long = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: '1234567890', password: 'x'.repeat(129) } });
    expect(long.json().errors.password).toBe('Password must be at most 128 characters');
    const extra = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: '1234567890', password: 'whatever1', admin: true } });
    expect(extra.json().errors.admin).toBe('Unknown field: admin');
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const c = await registerCustomer(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: 'Wrong!Pass1' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: '9999999999', password: 'Wrong!Pass1' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(unknown.json().error);
  });

  it('locks the account after 5 failures, even for the right password', async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: 'Wrong!Pass1' } });
      expect(r.statusCode).toBe(401);
    }
    const fifth = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: 'Wrong!Pass1' } });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error).toBe('Too many failed attempts. Your account is locked for 15 minutes.');
    const right = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
    expect(right.statusCode).toBe(423);
    await t.app.db.query(`UPDATE auth_attempts SET locked_until = now() - interval '1 second'`);
    const later = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
    expect(later.statusCode).toBe(200);
  });

  it('locks a number nobody holds exactly like a real account (a 423 names no one)', async () => {
    const c = await registerCustomer(t.app);
    const ghost = '9' + c.accountNumber.slice(1, 9) + (c.accountNumber.endsWith('7') ? '8' : '7');
    const answers: { status: number; body: string }[] = [];
    for (const accountNumber of [c.accountNumber, ghost]) {
      for (let i = 0; i < 5; i++) await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber, password: 'Wrong!Pass1' } });
      const r = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber, password: c.password } });
      answers.push({ status: r.statusCode, body: r.body });
    }
    expect(answers[0]).toEqual({ status: 423, body: answers[1].body });
    expect(answers[1].status).toBe(423);
  });

  it('signs in a customer whose password is longer than 20 characters', async () => {
    const c = await registerCustomer(t.app, { password: 'a quiet river at dawn!' });
    expect(c.password).toHaveLength(22);
    await login(t.app, c.accountNumber, c.password as string);
  });

  it('returns a Bearer token instead of cookies when asked, and the token works', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'x-session-mode': 'bearer' }, payload: { accountNumber: c.accountNumber, password: c.password } });
    expect(res.headers['set-cookie']).toBeUndefined();
    const { token } = res.json();
    const check = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { authorization: `Bearer ${token}` } });
    expect(check.statusCode).toBe(200);
    // Bearer requests carry no ambient credential, so they need no CSRF token.
    const prefs = await t.app.inject({ method: 'GET', url: '/v1/user/notification-preferences', headers: { authorization: `Bearer ${token}` } });
    expect(prefs.statusCode).toBe(200);
  });
});

describe('rate limit on POST /v1/auth/login', () => {
  it('answers 429 with JSON once the per-IP limit is spent', async () => {
    const t = await createTestApp({ loginRateLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: '1234567890', password: 'Wrong!Pass1' } });
        codes.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json()).toMatchObject({ success: false });
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('GET /v1/auth/check and POST /v1/auth/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/check' });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('refuses a cookie-authenticated change without the CSRF header', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: { cookie: s.cookie }, payload: { currentPassword: c.password, newPassword: 'N3w!Password' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Invalid CSRF token');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers: { cookie: s.cookie, 'x-csrf-token': 'forged' },
      payload: { currentPassword: c.password, newPassword: 'N3w!Password' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('revokes the session at logout: the old cookie stops working', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: s.headers });
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' });
    const after = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('keeps a session in use alive: a request counts as activity, and a busy session row is touched next time', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const idleFor = async () => (await t.app.db.query(`SELECT extract(epoch FROM now() - last_seen_at)::int AS s FROM sessions WHERE subject_id = $1`, [c.id]))[0].s;
    await t.app.db.query(`UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE subject_id = $1`, [c.id]);
    // While another transaction holds the row, the check still answers (it does not wait) and leaves it.
    await t.app.db.transaction(async (m) => {
      await m.query(`SELECT 1 FROM sessions WHERE subject_id = $1 FOR UPDATE`, [c.id]);
      expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    });
    expect(await idleFor()).toBeGreaterThanOrEqual(599);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    expect(await idleFor()).toBeLessThan(5);
  });

  it('expires a session idle for 15 minutes', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    await t.app.db.query(`UPDATE sessions SET last_seen_at = now() - interval '16 minutes' WHERE subject_id = $1`, [c.id]);
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Your session has expired. Please sign in again.');
  });

  it('expires a session after 12 hours however active it is', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    await t.app.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE subject_id = $1`, [c.id]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } })).statusCode).toBe(401);
  });

  it('refuses a staff session where a customer session is needed', async () => {
    const staff = await staffSession(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: staff.cookie.replace(/sr_staff_session/, 'sr_session') } });
    expect(res.statusCode).toBe(401);
  });

  it('sends the same cookies back as a usable session', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
    const s = sessionFrom(res);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } })).json().user.email).toBe(c.email);
  });
});

// Scale-out: with REDIS_URL, two server processes share one login budget per IP.
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;
describeWithRedis('rate limit shared through REDIS_URL', () => {
  it('counts attempts across two app instances', async () => {
    const overrides = { loginRateLimitPerMinute: 3, redisUrl: process.env.REDIS_URL };
    const a = await createTestApp(overrides);
    const b = await createTestApp(overrides);
    try {
      const codes: number[] = [];
      for (const t of [a, b, a, b]) {
        const r = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: '1234567890', password: 'Wrong!Pass1' }, remoteAddress: `10.9.${process.pid % 250}.7` });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
