import { createTestApp, registerCustomer, staffMember, staffSession, type TestApp } from '../helpers/test-app';
import { freshOtp } from '../helpers/totp';

describe('security headers, CORS and cookies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ secureCookies: true, corsOrigins: ['https://app.bank.example', 'https://admin.bank.example'] });
  });
  afterAll(() => t.close());

  it('sends a strict CSP, no-referrer, deny framing, HSTS on https, and no-store on API answers', async () => {
    const c = await registerCustomer(t.app);
    const { token } = (
      await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'x-session-mode': 'bearer' }, payload: { accountNumber: c.accountNumber, password: c.password } })
    ).json();
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers CORS for exactly the configured origins, with credentials', async () => {
    const preflight = (origin: string) =>
      t.app.inject({ method: 'OPTIONS', url: '/v1/auth/login', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-csrf-token' } });
    const ok = await preflight('https://app.bank.example');
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.bank.example');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('names customer cookies __Host- and scopes staff cookies to /v1 (__Secure-) over https', async () => {
    const c = await registerCustomer(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
    const cookies = login.cookies as { name: string; value: string; path?: string; secure?: boolean; httpOnly?: boolean; sameSite?: string }[];
    const session = cookies.find((k) => k.name === '__Host-sr_session')!;
    expect(session).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(cookies.find((k) => k.name === '__Host-sr_csrf')).toMatchObject({ path: '/', secure: true });
    const check = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: `__Host-sr_session=${session.value}` } });
    expect(check.statusCode).toBe(200);

    const member = await staffMember(t.app);
    const staff = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: member.email, password: member.password, otp: await freshOtp(member.totpSecret) } });
    const staffCookies = staff.cookies as { name: string; value: string; path?: string; secure?: boolean; httpOnly?: boolean }[];
    expect(staffCookies.find((k) => k.name === '__Secure-sr_staff_session')).toMatchObject({ path: '/v1', secure: true, httpOnly: true });
    expect(staffCookies.find((k) => k.name === '__Secure-sr_staff_csrf')).toMatchObject({ path: '/v1', secure: true });
    // The console learns its CSRF token from the answer: it cannot read a cookie scoped to /v1.
    expect(staff.json().csrfToken).toBe(staffCookies.find((k) => k.name === '__Secure-sr_staff_csrf')!.value);
  });

  it('keeps plain names on http (development)', async () => {
    const plain = await createTestApp();
    try {
      const s = await staffSession(plain.app);
      expect(s.cookie).toMatch(/^sr_staff_session=/);
    } finally {
      await plain.close();
    }
  });
});
