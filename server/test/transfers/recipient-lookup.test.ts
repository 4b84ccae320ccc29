import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /v1/transfer/recipient/:accountNumber', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ lookupRateLimitPerMinute: 3 });
  });
  afterAll(() => t.close());

  it('is rate limited: a customer cannot walk the account numbers for names', async () => {
    const payer = await approvedCustomer(t.app);
    const payee = await approvedCustomer(t.app, { staff: payer.staff });
    const lookup = () => t.app.inject({ method: 'GET', url: `/v1/transfer/recipient/${payee.accountNumber}`, headers: { cookie: payer.session.cookie } });
    for (let i = 0; i < 3; i++) expect((await lookup()).statusCode).toBe(200);
    const refused = await lookup();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false });
    expect(refused.json().error).toMatch(/^Too many/);
  });
});
