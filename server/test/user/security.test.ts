import { codeIn, createTestApp, lastMail, login, registerCustomer, sessionFrom, type TestApp } from '../helpers/test-app';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('Profile > Security: sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = async (c: { accountNumber: string; password: unknown }, userAgent: string) =>
    sessionFrom(await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'user-agent': userAgent }, payload: { accountNumber: c.accountNumber, password: c.password } }));

  it('lists each session with its device, IP, start and last seen, and marks this one', async () => {
    const c = await registerCustomer(t.app);
    const laptop = await signIn(c, CHROME_LINUX);
    await signIn(c, SAFARI_IPHONE);
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/sessions', headers: { cookie: laptop.cookie } });
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s: { device: string }) => s.device).sort()).toEqual(['Chrome on Linux', 'Safari on iOS (mobile)']);
    const mine = sessions.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ device: 'Chrome on Linux', ip: '127.0.0.1', active: true });
    expect(Date.parse(mine.startedAt)).not.toBeNaN();
    expect(Date.parse(mine.lastSeenAt)).not.toBeNaN();
  });

  it("signs one session out, refuses another customer's session as missing, and signs out everywhere else", async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const a = await signIn(c, CHROME_LINUX);
    const b = await signIn(c, SAFARI_IPHONE);
    const d = await signIn(c, SAFARI_IPHONE);
    const stranger = await login(t.app, other.accountNumber, other.password as string);
    const list = (await t.app.inject({ method: 'GET', url: '/v1/auth/sessions', headers: { cookie: a.cookie } })).json().sessions as { id: string; current: boolean }[];
    const [bId] = await t.app.db.query(`SELECT id FROM sessions WHERE subject_id = $1 ORDER BY created_at LIMIT 1 OFFSET 1`, [c.id]);

    const foreign = await t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${bId.id}`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    const out = await t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${bId.id}`, headers: a.headers });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: b.cookie } })).statusCode).toBe(401);
    expect(list.filter((s) => !s.current)).toHaveLength(2);

    const rest = await t.app.inject({ method: 'POST', url: '/v1/auth/sessions/sign-out-others', headers: a.headers });
    expect(rest.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: d.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: a.cookie } })).statusCode).toBe(200);
    const history = (await t.app.inject({ method: 'GET', url: '/v1/auth/sessions', headers: { cookie: a.cookie } })).json().history;
    expect(history).toHaveLength(3);
  });

  it('e-mails the customer about a sign-in from a new device, not about a known one', async () => {
    const c = await registerCustomer(t.app);
    await signIn(c, CHROME_LINUX);
    await signIn(c, CHROME_LINUX);
    await t.app.background.idle();
    expect(await t.app.db.query(`SELECT 1 FROM outbox WHERE to_address = $1 AND template = 'newDeviceSignIn'`, [c.email])).toHaveLength(0);
    await signIn(c, SAFARI_IPHONE);
    const mail = await lastMail(t.app, c.email as string);
    expect(mail.template).toBe('newDeviceSignIn');
    expect(mail.bodyText).toContain('Safari on iOS (mobile)');
  });
});

describe('Profile > Security: changing the e-mail address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('needs the current password, then the code sent to the new address; the old address gets a notice', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const newEmail = `new.${c.email}`;
    const wrong = await t.app.inject({ method: 'POST', url: '/v1/auth/email-change', headers: s.headers, payload: { newEmail, currentPassword: 'Not!MyPassw0rd' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe('Current password is incorrect');

    const started = await t.app.inject({ method: 'POST', url: '/v1/auth/email-change', headers: s.headers, payload: { newEmail, currentPassword: c.password } });
    expect(started.statusCode).toBe(200);
    const code = codeIn((await lastMail(t.app, newEmail)).bodyText);
    // Nothing changes until the code comes back.
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } })).json().user.email).toBe(c.email);
    const bad = await t.app.inject({ method: 'POST', url: '/v1/auth/email-change/confirm', headers: s.headers, payload: { code: code === '000000' ? '111111' : '000000' } });
    expect(bad.json().error).toBe('Code is incorrect');

    const done = await t.app.inject({ method: 'POST', url: '/v1/auth/email-change/confirm', headers: s.headers, payload: { code } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email: newEmail, emailVerified: true });
    const notice = await lastMail(t.app, c.email as string);
    expect(notice.template).toBe('emailChanged');
    expect(notice.bodyText).toContain(newEmail);
  });

  it('refuses an address another customer uses', async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/email-change', headers: s.headers, payload: { newEmail: other.email, currentPassword: c.password } });
    expect(res.statusCode).toBe(409);
  });
});
