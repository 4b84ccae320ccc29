import { randomUUID } from 'node:crypto';
import { approvedCustomer, createTestApp, login, registerCustomer, type TestApp } from '../helpers/test-app';
import { sameBankPaymentRider, type PaymentRiderAnswer } from '../../src/modules/transfers';

/**
 * A same-bank transfer's parties and its PIN attempt are read in the session check's own statement
 * (docs/performance.md#payment-parties-read-in-the-session-check). The attempt must be taken only for a request that goes on to have its PIN judged: every
 * other request leaves the count as it was.
 */
describe('POST /v1/transfer/same: the parties and the PIN attempt read beside the session check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attemptsTaken = async (customerId: string) => Number((await t.app.db.query(`SELECT failed_count FROM pin_attempts WHERE customer_id = $1`, [customerId]))[0].failed_count);
  const send = (headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload });

  it('reads both parties and takes the attempt in the session statement, for a live session only', async () => {
    const a = await approvedCustomer(t.app, { funded: '20.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    let heard: { parties: Record<string, unknown> | null; pinReserved: boolean } | undefined;
    const presented = { method: 'POST', cookies: { customer: /sr_session=([^;]+)/.exec(a.session.cookie)![1] }, csrfToken: a.session.csrf };
    await t.app.sessions.authenticateCustomer(presented, () => ({ rider: { rider: sameBankPaymentRider(t.app), input: b.accountNumber, answer: (answer: PaymentRiderAnswer) => (heard = answer) } }));
    expect(heard?.pinReserved).toBe(true);
    expect(heard?.parties).toMatchObject({ id: a.id, balance_minor: '2000', r_id: b.id, r_status: 'approved' });
    expect(await attemptsTaken(a.id)).toBe(1);

    // The same token once its session is revoked: refused, and nothing taken.
    await t.app.db.query(`UPDATE pin_attempts SET failed_count = 0 WHERE customer_id = $1`, [a.id]);
    await t.app.db.query(`UPDATE sessions SET revoked_at = now() WHERE subject_id = $1`, [a.id]);
    heard = undefined;
    await expect(
      t.app.sessions.authenticateCustomer(presented, () => ({ rider: { rider: sameBankPaymentRider(t.app), input: b.accountNumber, answer: (answer: PaymentRiderAnswer) => (heard = answer) } })),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(heard).toBeUndefined();
    expect(await attemptsTaken(a.id)).toBe(0);
  });

  it('books a transfer with the attempt taken there, and starts the count again', async () => {
    const a = await approvedCustomer(t.app, { funded: '20.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const wrong = await send({ ...a.session.headers, 'idempotency-key': randomUUID() }, { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '1111' });
    expect(wrong.json().error).toBe('Incorrect PIN. 4 tries left.');
    expect(await attemptsTaken(a.id)).toBe(1);
    const right = await send({ ...a.session.headers, 'idempotency-key': randomUUID() }, { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' });
    expect(right.statusCode).toBe(201);
    expect(await attemptsTaken(a.id)).toBe(0);
  });

  it('takes no attempt for a request refused by the CSRF check, with or without a token', async () => {
    const a = await approvedCustomer(t.app, { funded: '20.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const payload = { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '1111' };
    // The last character is changed to one it is not: a fixed 'x' left the token unchanged one time in 64.
    const lastCharacter = a.session.csrf.slice(-1) === 'x' ? 'y' : 'x';
    const forgedToken = `${a.session.csrf.slice(0, -1)}${lastCharacter}`;
    expect(forgedToken).not.toBe(a.session.csrf);
    const forged = await send({ cookie: a.session.cookie, 'x-csrf-token': forgedToken }, payload);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('Invalid CSRF token');
    const missing = await send({ cookie: a.session.cookie }, payload);
    expect(missing.statusCode).toBe(403);
    expect(await attemptsTaken(a.id)).toBe(0);
  });

  it('takes no attempt for a customer not yet approved, nor for a malformed key', async () => {
    const pending = await registerCustomer(t.app);
    const session = await login(t.app, pending.accountNumber, pending.password as string);
    const b = await approvedCustomer(t.app);
    const refused = await send(session.headers, { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '1111' });
    expect(refused.statusCode).toBe(403);
    expect(await attemptsTaken(pending.id)).toBe(0);

    const a = await approvedCustomer(t.app, { funded: '20.00', staff: b.staff });
    const malformed = await send({ ...a.session.headers, 'idempotency-key': 'short' }, { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '1111' });
    expect(malformed.statusCode).toBe(400);
    expect(await attemptsTaken(a.id)).toBe(0);
  });

  it('takes no attempt for a replayed key, whose first answer comes back', async () => {
    const a = await approvedCustomer(t.app, { funded: '20.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const headers = { ...a.session.headers, 'idempotency-key': randomUUID() };
    const wrongPin = { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '1111' };
    const first = await send(headers, wrongPin);
    expect(first.statusCode).toBe(400);
    expect(await attemptsTaken(a.id)).toBe(1);
    // The refusal is the key's answer: a retry hears it again without another PIN being judged or counted.
    const again = await send(headers, wrongPin);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
    expect(await attemptsTaken(a.id)).toBe(1);
  });

  it("gives a customer's own concurrent transfers an attempt each, whether taken beside the check or on their own", async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => send({ ...a.session.headers, 'idempotency-key': randomUUID() }, { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' })),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(12).fill(201));
    expect(await attemptsTaken(a.id)).toBe(0);
    const [{ balance_minor }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [a.id]);
    expect(balance_minor).toBe('8800');
  });

  // Found by the contract fuzzer (seed 362830935): the session is checked before the body is validated, and the
  // payment read took the body's account number for granted.
  it('reads nothing for a request without a body or whose account is not text, which validation then refuses', async () => {
    const a = await approvedCustomer(t.app, { funded: '20.00' });
    const noCsrf = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: { cookie: a.session.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    const multipart = await send({ ...a.session.headers, 'content-type': 'multipart/form-data; boundary=x' }, '--x--\r\n' as unknown as Record<string, unknown>);
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().success).toBe(false);
    // An array would have become a two-dimensional SQL parameter and failed the whole shared statement.
    const array = await send({ ...a.session.headers, 'idempotency-key': randomUUID() }, { recipientAccountNumber: [['1'], ['2', '3']], amount: '1.00', pin: '2468' });
    expect(array.statusCode).toBe(400);
    expect(await attemptsTaken(a.id)).toBe(0);
  });

  // A regression: an attempt taken beside the session check for a body that validation then refused was never
  // given back, and after five such requests every payment of the customer waited for attempts nobody held (409).
  it('gives the attempt back when validation refuses the body it was taken for', async () => {
    const a = await approvedCustomer(t.app, { funded: '20.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const refusedBodies = [
      { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '12' },
      { recipientAccountNumber: b.accountNumber, amount: '1.001', pin: '2468' },
      { recipientAccountNumber: b.accountNumber, amount: '1.00' },
    ];
    for (let round = 0; round < 2; round++) {
      for (const body of refusedBodies) {
        const refused = await send({ ...a.session.headers, 'idempotency-key': randomUUID() }, body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toBeDefined();
        expect(await attemptsTaken(a.id)).toBe(0);
      }
    }
    const right = await send({ ...a.session.headers, 'idempotency-key': randomUUID() }, { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' });
    expect(right.statusCode).toBe(201);
    expect(await attemptsTaken(a.id)).toBe(0);
  });

  // Requests that share a key race: each may take an attempt (beside its session check or on its own) before one
  // booking records the key; the others then hear that booking's answer, or that it is in progress. Whichever path
  // each took, the count ends where it began, so the customer can pay again at once.
  it('leaves no attempt taken when concurrent requests share a key, one booking answering them all', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    for (let round = 0; round < 5; round++) {
      const headers = { ...a.session.headers, 'idempotency-key': randomUUID() };
      const results = await Promise.all(Array.from({ length: 8 }, () => send(headers, { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' })));
      const booked = results.filter((res) => res.statusCode === 201);
      expect(booked.length).toBeGreaterThan(0);
      // Every 201 is the one booking's answer; the rest were told to retry while it was in progress.
      expect(new Set(booked.map((res) => res.json().transaction.reference)).size).toBe(1);
      for (const res of results.filter((one) => one.statusCode !== 201)) expect(res.statusCode).toBe(409);
      expect(await attemptsTaken(a.id)).toBe(0);
    }
    const [{ balance_minor }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [a.id]);
    expect(balance_minor).toBe('9500');
  });
});
