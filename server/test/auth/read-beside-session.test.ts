import { createTestApp, login, registerCustomer, type Session, type TestApp } from '../helpers/test-app';

/** A read made beside the session check (SessionService.authenticateCustomerWhile, docs/performance.md#transaction-list-read-beside-the-session-check). */
describe('a read beside the session check', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof registerCustomer>>;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await registerCustomer(t.app);
    session = await login(t.app, customer.accountNumber, customer.password as string);
  });
  afterAll(() => t.close());

  const presented = (headers: Record<string, string>) => ({ method: 'GET', bearer: undefined, cookies: { customer: /sr_session=([^;]+)/.exec(headers.cookie)?.[1] }, csrfToken: undefined });

  it('reads for the subject the token names and hands the answer over once the check has passed', async () => {
    const asked: string[] = [];
    const { principal, value } = await t.app.sessions.authenticateCustomerWhile(presented(session.headers), async (subjectId) => {
      asked.push(subjectId);
      return 'page';
    });
    expect(asked).toEqual([customer.id]);
    expect(principal.id).toBe(customer.id);
    expect(value).toBe('page');
  });

  it("throws the read's own error only for a caller the check let through", async () => {
    await expect(t.app.sessions.authenticateCustomerWhile(presented(session.headers), () => Promise.reject(new Error('the read failed')))).rejects.toThrow('the read failed');
  });

  it("drops the read unseen when the session was revoked: the refusal is the check's, and the list says nothing", async () => {
    const other = await login(t.app, customer.accountNumber, customer.password as string);
    const before = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: other.headers });
    expect(before.statusCode).toBe(200);
    await t.app.db.query(`UPDATE sessions SET revoked_at = now() WHERE subject_id = $1 AND revoked_at IS NULL`, [customer.id]);

    let read = false;
    await expect(
      t.app.sessions.authenticateCustomerWhile(presented(other.headers), () => {
        read = true;
        return Promise.reject(new Error('the read failed'));
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    // The read did run (beside the check), and its failure was not what the caller heard.
    expect(read).toBe(true);

    const after = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: other.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, error: expect.any(String) });
  });
});
