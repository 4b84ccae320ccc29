import { todayIsoDate } from '@strongroom/shared';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

// The server's side of approving a payment with a passkey; the whole ceremony (Chromium's virtual authenticator
// signing the challenge) is in e2e/profile-security.e2e.test.ts.
describe('POST /v1/transfer/passkey-options and /v1/transfer/confirm-passkey', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const local = (amount = '25.00') => ({
    recipientName: 'Sam Carter',
    recipientBankName: 'First Local Bank',
    recipientAccountNumber: '9876543210',
    amount,
    transferDate: todayIsoDate(new Date()),
  });

  async function awaitingTransfer(a: Awaited<ReturnType<typeof approvedCustomer>>, amount?: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: local(amount) });
    expect(res.statusCode).toBe(201);
    return res.json().transferId;
  }

  const addPasskey = (customerId: string, credentialId: string) =>
    t.app.db.query(`INSERT INTO customer_passkeys (customer_id, credential_id, public_key, name, transports) VALUES ($1, $2, '\\x00', 'Phone', '["internal"]')`, [customerId, credentialId]);

  it('tells a customer without a passkey to add one, and issues nothing', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const transferId = await awaitingTransfer(a);
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/passkey-options', headers: a.session.headers, payload: { transferId } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'Add a passkey in Profile > Security to approve payments with it' });
    expect(await t.app.db.query(`SELECT 1 FROM webauthn_challenges WHERE subject_id = $1`, [transferId])).toEqual([]);
  });

  it("issues a challenge for this payment only, offering only the customer's own passkeys", async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    await addPasskey(a.id, `cred-${a.id}`);
    const transferId = await awaitingTransfer(a);
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/passkey-options', headers: a.session.headers, payload: { transferId } });
    expect(res.statusCode).toBe(200);
    const { options } = res.json();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials).toEqual([{ id: `cred-${a.id}`, type: 'public-key', transports: ['internal'] }]);
    const [stored] = await t.app.db.query(`SELECT purpose, customer_id, subject_id FROM webauthn_challenges WHERE challenge = $1`, [options.challenge]);
    expect(stored).toEqual({ purpose: 'payment', customer_id: a.id, subject_id: transferId });
  });

  it("hides another customer's payment (404) and refuses a decided one", async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    await addPasskey(b.id, `cred-${b.id}`);
    const transferId = await awaitingTransfer(a);
    const foreign = await t.app.inject({ method: 'POST', url: '/v1/transfer/passkey-options', headers: b.session.headers, payload: { transferId } });
    expect(foreign.statusCode).toBe(404);
    const foreignConfirm = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-passkey', headers: b.session.headers, payload: { transferId, response: { id: `cred-${b.id}` } } });
    expect(foreignConfirm.statusCode).toBe(404);
    await t.app.db.query(`UPDATE transfers SET status = 'expired' WHERE id = $1`, [transferId]);
    await addPasskey(a.id, `cred-${a.id}`);
    const decided = await t.app.inject({ method: 'POST', url: '/v1/transfer/passkey-options', headers: a.session.headers, payload: { transferId } });
    expect(decided.statusCode).toBe(409);
  });

  it('moves no money on a response that is not a valid signature, and validates the body', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    await addPasskey(a.id, `cred-${a.id}`);
    const transferId = await awaitingTransfer(a);
    await t.app.inject({ method: 'POST', url: '/v1/transfer/passkey-options', headers: a.session.headers, payload: { transferId } });
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/confirm-passkey',
      headers: a.session.headers,
      payload: { transferId, response: { id: `cred-${a.id}`, rawId: `cred-${a.id}`, type: 'public-key', response: {} } },
    });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json().error).toBe('That passkey could not be verified. Try again.');
    const [row] = await t.app.db.query(`SELECT status FROM transfers WHERE id = $1`, [transferId]);
    expect(row.status).toBe('awaiting_authorisation');
    const missing = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-passkey', headers: a.session.headers, payload: { transferId } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.response).toBe('The passkey response is missing');
  });

  it('expires a payment awaiting authentication for more than 30 minutes on the passkey path too', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    await addPasskey(a.id, `cred-${a.id}`);
    const transferId = await awaitingTransfer(a);
    await t.app.db.query(`UPDATE transfers SET created_at = now() - interval '31 minutes' WHERE id = $1`, [transferId]);
    const options = await t.app.inject({ method: 'POST', url: '/v1/transfer/passkey-options', headers: a.session.headers, payload: { transferId } });
    expect(options.statusCode).toBe(409);
    const late = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/confirm-passkey',
      headers: a.session.headers,
      payload: { transferId, response: { id: `cred-${a.id}`, rawId: `cred-${a.id}`, type: 'public-key', response: {} } },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('This payment was not confirmed within 30 minutes and has expired. Please start it again.');
    const [row] = await t.app.db.query(`SELECT status FROM transfers WHERE id = $1`, [transferId]);
    expect(row.status).toBe('expired');
  });
});
