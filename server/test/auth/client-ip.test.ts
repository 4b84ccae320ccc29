import { createTestApp, registerCustomer, type TestApp } from '../helpers/test-app';

/** TRUST_PROXY=1: one proxy in front; the client is the entry that proxy appended, never one the client wrote. */
describe('client IP behind TRUST_PROXY hops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('takes the address the trusted proxy saw, not a forged X-Forwarded-For entry', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'x-forwarded-for': '203.0.113.66, 198.51.100.7' },
      payload: { accountNumber: c.accountNumber, password: c.password },
    });
    expect(res.statusCode).toBe(200);
    const [session] = await t.app.db.query(`SELECT ip FROM sessions WHERE subject_id = $1`, [c.id]);
    expect(session.ip).toBe('198.51.100.7');
  });
});
