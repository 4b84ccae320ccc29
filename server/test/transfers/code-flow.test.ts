import { internationalTransfer, localTransfer } from '../helpers/transfer-payloads';
import { approvedCustomer, codeIn, createTestApp, lastMail, staffSession, type TestApp } from '../helpers/test-app';

const balance = async (t: TestApp, id: string) => (await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [id]))[0].balance_minor as string;

describe('POST /v1/transfer/international and /v1/transfer/confirm-code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes a first-time sender through the e-mailed code, then the PIN, then holds amount and fee', async () => {
    const a = await approvedCustomer(t.app, { funded: '1000.00' });
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/international', headers: a.session.headers, payload: internationalTransfer({ amount: '2000.00' }) });
    expect(start.json().error).toBe('Insufficient funds');
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/international', headers: a.session.headers, payload: internationalTransfer() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ codeStep: 'code', summary: { amount: '100.00', fee: '15.00', total: '115.00', currency: 'USD' } });
    expect(await balance(t, a.id)).toBe('100000'); // nothing moves before authentication
    const mail = await lastMail(t.app, a.email as string);
    expect(mail.template).toBe('transferCode');
    expect(mail.bodyText).toMatch(/\$115\.00 to Marie Curie/);
    const pinFirst = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId: body.transferId, pin: '2468' } });
    expect(pinFirst.json().error).toBe('Enter the code we e-mailed you first');
    const code = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId: body.transferId, code: codeIn(mail.bodyText) } });
    expect(code.json()).toMatchObject({ success: true, nextStep: 'pin' });
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId: body.transferId, pin: '2468' } });
    expect(pin.json()).toMatchObject({ success: true, nextStep: 'success', transaction: { status: 'pending', amount: '100.00', fees: '15.00' } });
    expect(await balance(t, a.id)).toBe('88500');
    const again = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId: body.transferId, pin: '2468' } });
    expect(again.statusCode).toBe(409);
  });

  it('charges 1% above 1,500 and converts another currency at the table rate shown up front', async () => {
    const a = await approvedCustomer(t.app, { funded: '5000.00' });
    const big = await t.app.inject({ method: 'POST', url: '/v1/transfer/international', headers: a.session.headers, payload: internationalTransfer({ amount: '2000.00' }) });
    expect(big.json().summary).toMatchObject({ amount: '2000.00', fee: '20.00', total: '2020.00' });
    const quote = await t.app.inject({ method: 'GET', url: '/v1/transfer/quote?type=international&amount=100.00&currency=EUR', headers: { cookie: a.session.cookie } });
    const eur = await t.app.inject({ method: 'POST', url: '/v1/transfer/international', headers: a.session.headers, payload: internationalTransfer({ currency: 'EUR' }) });
    expect(eur.json().summary).toMatchObject({ paymentCurrency: 'EUR', convertedAmount: '100.00', currency: 'USD' });
    expect(eur.json().summary.amount).toBe(quote.json().amount);
    expect(Number(eur.json().summary.rate)).toBeGreaterThan(1);
  });

  it('gives up after 5 wrong codes', async () => {
    const a = await approvedCustomer(t.app, { funded: '200.00' });
    const { transferId } = (await t.app.inject({ method: 'POST', url: '/v1/transfer/international', headers: a.session.headers, payload: internationalTransfer() })).json();
    const real = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code: wrong } });
      expect(r.json().error).toBe('Code is incorrect');
    }
    const fifth = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code: wrong } });
    expect(fifth.statusCode).toBe(429);
    const right = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code: real } });
    expect(right.statusCode).toBe(409);
    expect(await balance(t, a.id)).toBe('20000');
  });

  it('refuses an expired code', async () => {
    const a = await approvedCustomer(t.app, { funded: '200.00' });
    const { transferId } = (await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer() })).json();
    const code = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    await t.app.db.query(`UPDATE transfers SET code_expires_at = now() - interval '1 second' WHERE id = $1`, [transferId]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/expired/);
  });

  it('does not accept a code issued for another amount or payee', async () => {
    const a = await approvedCustomer(t.app, { funded: '500.00' });
    await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer({ amount: '10.00' }) });
    const codeForTen = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    const other = (await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer({ amount: '400.00', recipientName: 'Mallory' }) })).json();
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId: other.transferId, code: codeForTen } });
    expect(res.json().error).toBe('Code is incorrect');
    // A payment whose stored amount was altered no longer matches its code either.
    const third = (await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer({ amount: '20.00' }) })).json();
    const thirdCode = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    await t.app.db.query(`UPDATE transfers SET amount_minor = 45000 WHERE id = $1`, [third.transferId]);
    const tampered = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId: third.transferId, code: thirdCode } });
    expect(tampered.json().error).toBe('Code is incorrect');
  });

  it("hides another customer's transfer (404) and validates the step body", async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const { transferId } = (await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer() })).json();
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: b.session.headers, payload: { transferId, pin: '2468' } });
    expect(res.statusCode).toBe(404);
    const both = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, pin: '2468', code: '123456' } });
    expect(both.statusCode).toBe(400);
  });
});

describe('PATCH /v1/transaction/:id/approve and /reject', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function pendingTransfer(amount = '40.00') {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const { transferId } = (await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer({ amount }) })).json();
    const code = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code } });
    const done = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, pin: '2468' } });
    return { a, tx: done.json().transaction };
  }

  it('settles a held transfer: the customer sees success and becomes a returning sender (PIN only next time)', async () => {
    const { a, tx } = await pendingTransfer();
    expect(await balance(t, a.id)).toBe('5500'); // 100 - 40 - 5 fee
    const res = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/approve`, headers: a.staff.headers });
    expect(res.json()).toMatchObject({ success: true, message: 'Transfer approved' });
    const detail = await t.app.inject({ method: 'GET', url: `/v1/transaction/${tx.reference}`, headers: { cookie: a.session.cookie } });
    expect(detail.json().transaction.status).toBe('success');
    const check = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: a.session.cookie } });
    expect(check.json().user.numberOfWithdrawals).toBe(1);
    const next = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer({ amount: '10.00' }) });
    expect(next.json().codeStep).toBe('pin');
    const audit = await t.app.db.query(`SELECT action FROM audit_log WHERE target_id = $1`, [tx.id]);
    expect(audit).toEqual([{ action: 'transaction.approve' }]);
  });

  it('rejects with a reason and returns the amount and the fee', async () => {
    const { a, tx } = await pendingTransfer();
    const noReason = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/reject`, headers: a.staff.headers, payload: {} });
    expect(noReason.statusCode).toBe(400);
    const spentToday = async () => (await t.app.db.query(`SELECT outbound_minor FROM ledger_accounts WHERE customer_id = $1`, [a.id]))[0].outbound_minor;
    expect(await spentToday()).toBe('4500');
    const res = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/reject`, headers: a.staff.headers, payload: { reason: 'Beneficiary bank refused' } });
    expect(res.statusCode).toBe(200);
    expect(await balance(t, a.id)).toBe('10000');
    // A returned payment no longer counts against today's outbound limit.
    expect(await spentToday()).toBe('0');
    const twice = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/approve`, headers: a.staff.headers });
    expect(twice.statusCode).toBe(409);
  });

  it('is for staff admins only', async () => {
    const { a, tx } = await pendingTransfer();
    const asCustomer = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/approve`, headers: a.session.headers });
    expect(asCustomer.statusCode).toBe(403);
    const auditor = await staffSession(t.app, 'auditor');
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/approve`, headers: auditor.headers })).statusCode).toBe(403);
  });
});

describe('POST /v1/admin/incoming-transfers', () => {
  it('credits the customer once per network reference, converting currencies', async () => {
    const t = await createTestApp();
    try {
      const a = await approvedCustomer(t.app);
      const payload = { accountNumber: a.accountNumber, amount: '100.00', currency: 'EUR', senderName: 'ACME GmbH', senderBank: 'Deutsche Testbank', reference: 'NET-REF-0001' };
      const first = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: a.staff.headers, payload });
      expect(first.statusCode).toBe(201);
      const second = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: a.staff.headers, payload });
      expect(second.json().transaction.reference).toBe(first.json().transaction.reference);
      const altered = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: a.staff.headers, payload: { ...payload, amount: '999.00' } });
      expect(altered.statusCode).toBe(422);
      const list = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: a.session.cookie } });
      expect(list.json().total).toBe(1);
      expect(list.json().items[0]).toMatchObject({ type: 'credit', kind: 'incoming', currency: 'USD', amount: first.json().transaction.amount });
      expect(Number(first.json().transaction.amount)).toBeGreaterThan(100);
      const asCustomer = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: a.session.headers, payload: { ...payload, reference: 'NET-REF-0002' } });
      expect(asCustomer.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
