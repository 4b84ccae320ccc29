import { approvedCustomer, createTestApp, lastMail, login, registerCustomer, type TestApp } from '../helpers/test-app';

const balanceOf = async (t: TestApp, id: string) => (await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [id]))[0].balance_minor as string;

describe('POST /v1/transfer/same', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dailyOutboundLimit: '1000.00' });
  });
  afterAll(() => t.close());

  it('moves money instantly between two customers, with fee 0 and both sides recorded', async () => {
    const a = await approvedCustomer(t.app, { funded: '500.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const lookup = await t.app.inject({ method: 'GET', url: `/v1/transfer/recipient/${b.accountNumber}`, headers: { cookie: a.session.cookie } });
    expect(lookup.json().recipient).toEqual({ name: 'Dana O.', accountNumber: b.accountNumber });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/same',
      headers: a.session.headers,
      payload: { recipientAccountNumber: b.accountNumber, amount: '120.55', memo: 'Dinner', pin: '2468' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().transaction).toMatchObject({ type: 'debit', status: 'success', amount: '120.55', fees: '0.00', balanceAfter: '379.45' });
    expect(await balanceOf(t, a.id)).toBe('37945');
    expect(await balanceOf(t, b.id)).toBe('12055');
    // The answer's transaction is the sender's listed one, field for field (its response schema drops nothing).
    const aList = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: a.session.cookie } });
    expect(res.json().transaction).toEqual(aList.json().items[0]);
    const bList = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: b.session.cookie } });
    expect(bList.json().items[0]).toMatchObject({ type: 'credit', amount: '120.55', status: 'success' });
    expect((await lastMail(t.app, b.email as string)).template).toBe('transactionAlert');
  });

  it('refuses an amount above the balance and loses nothing', async () => {
    const a = await approvedCustomer(t.app, { funded: '50.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '50.01', pin: '2468' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Insufficient funds');
    expect(await balanceOf(t, a.id)).toBe('5000');
    expect(await balanceOf(t, b.id)).toBe('0');
  });

  it('validates with the spec messages', async () => {
    const a = await approvedCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { amount: '0.001', pin: '12' } });
    expect(res.json().errors).toMatchObject({
      recipientAccountNumber: 'Please enter recipient account number',
      amount: 'Amount can have at most 2 decimal places',
      pin: 'PIN must be exactly 4 digits',
    });
    const zero = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: '1234567890', amount: '0', pin: '1234' } });
    expect(zero.json().errors.amount).toBe('Amount must be greater than $0.01');
    const words = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: '1234567890', amount: 'ten', pin: '1234', extra: 1 } });
    expect(words.json().errors).toMatchObject({ amount: 'Enter an amount', extra: 'Unknown field: extra' });
  });

  it('refuses the own account, an unknown account and a wrong PIN', async () => {
    const a = await approvedCustomer(t.app, { funded: '10.00' });
    const own = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: a.accountNumber, amount: '1.00', pin: '2468' } });
    expect(own.json().error).toBe('You cannot send money to your own account');
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: '0000000001', amount: '1.00', pin: '2468' } });
    expect(unknown.statusCode).toBe(404);
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '0000' } });
    expect(pin.statusCode).toBe(400);
    expect(pin.json().errors.pin).toBe('Incorrect PIN');
  });

  it('keeps money still for a customer whose application is not approved', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: s.headers, payload: { recipientAccountNumber: '1234567890', amount: '1.00', pin: '2468' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Your application is under review. You can move money once it is approved.');
  });

  it('enforces the daily outbound limit with a message that names support', async () => {
    const a = await approvedCustomer(t.app, { funded: '2000.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const first = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '900.00', pin: '2468' } });
    expect(first.statusCode).toBe(201);
    const second = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '100.01', pin: '2468' } });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('This transfer exceeds your daily limit. Please contact support for larger amounts.');
  });

  it('makes exactly one transfer for 50 concurrent requests with one Idempotency-Key', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const payload = { recipientAccountNumber: b.accountNumber, amount: '7.00', pin: '2468' };
    const headers = { ...a.session.headers, 'idempotency-key': 'same-key-0001-abcdef' };
    const results = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, b.id)).toBe('700');
    const replay = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload });
    expect(replay.statusCode).toBe(201);
    const firstOk = results.find((r) => r.statusCode === 201)!;
    expect(replay.json().transaction.reference).toBe(firstOk.json().transaction.reference);
    const other = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload: { ...payload, amount: '8.00' } });
    expect(other.statusCode).toBe(422);
    expect(await balanceOf(t, b.id)).toBe('700');
  });

  it('lets at most the daily limit through when payments race each other', async () => {
    const a = await approvedCustomer(t.app, { funded: '5000.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const payload = { recipientAccountNumber: b.accountNumber, amount: '200.00', pin: '2468' };
    const results = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.json().error.includes('daily limit'))).toBe(true);
    expect(await balanceOf(t, b.id)).toBe('100000');
  });

  it('answers a replayed refusal the same way and books nothing', async () => {
    const a = await approvedCustomer(t.app, { funded: '5.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const headers = { ...a.session.headers, 'idempotency-key': 'refused-key-0001' };
    const payload = { recipientAccountNumber: b.accountNumber, amount: '6.00', pin: '2468' };
    const first = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload });
    expect(first.statusCode).toBe(400);
    const again = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(t, a.id)).toBe('500');
  });

  it('checks the PIN on every payment, also after a right one', async () => {
    const a = await approvedCustomer(t.app, { funded: '10.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const send = (pin: string) => t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin } });
    expect((await send('2468')).statusCode).toBe(201);
    const wrong = await send('2469');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.pin).toBe('Incorrect PIN');
    expect((await send('2468')).statusCode).toBe(201);
    expect(await balanceOf(t, b.id)).toBe('200');
  });
});
