// Failures the contract fuzzer (contract-fuzz.test.ts) found, each kept as a named regression test.
import { approvedCustomer, createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';

describe('fuzz regressions', () => {
  let t: TestApp;
  let staff: Session;
  let customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffSession(t.app);
    customer = (await approvedCustomer(t.app, { funded: '100.00', staff })).session;
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectApiError = (res: { statusCode: number; body: string }, status: number) => {
    expect(res.statusCode).toBe(status);
    expect(JSON.parse(res.body)).toEqual({ success: false, error: expect.any(String) as string });
  };

  it("an over-long path parameter is refused in the API error shape, not Fastify's (FST_ERR_MAX_PARAM_LENGTH)", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${'x'.repeat(5000)}`, headers: staff.headers });
    expectApiError(res, 414);
  });

  it('a malformed escape in the URL is refused in the API error shape (FST_ERR_BAD_URL)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/transfer/recipient/%E0%A4%A', headers: customer.headers });
    expectApiError(res, 400);
  });

  it('a JSON body nested thousands deep is a 400, not a 500 (staff decision route)', async () => {
    const payload = `${'{"a":'.repeat(4221)}1${'}'.repeat(4221)}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v1/transaction/0885f7a8-8d02-4b30-86f0-b80648ddea81/approve',
      headers: { ...staff.headers, 'content-type': 'application/json', 'idempotency-key': 'fuzz-nesting-1' },
      payload,
    });
    expectApiError(res, 400);
  });

  it('a JSON array nested thousands deep is a 400 on a customer money route', async () => {
    const payload = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: { ...customer.headers, 'content-type': 'application/json', 'idempotency-key': 'fuzz-nesting-2' }, payload });
    expectApiError(res, 400);
  });

  it.each([
    ['garbage', 'not a form at all'],
    ['an unterminated part', '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nDana'],
    ['a part without headers', '--x\r\n\r\n\r\n--x--'],
  ])('a multipart registration with %s is a 400, not a 500 (seed 7)', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, error: expect.any(String) as string });
  });

  it.each([
    ['garbage', 'not a form at all'],
    ['an unterminated part', '--x\r\nContent-Disposition: form-data; name="chequeNumber"\r\n\r\n1234'],
    ['a part without headers', '--x\r\n\r\n\r\n--x--'],
  ])('a multipart cheque deposit with %s is a 400, not a 500 (seed 159192835)', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/cheque', headers: { ...customer.headers, 'content-type': 'multipart/form-data; boundary=x' }, payload });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, error: expect.any(String) as string });
  });
});
