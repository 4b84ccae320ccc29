import { randomBytes } from 'node:crypto';
import { approvedCustomer, createTestApp, lastMail, staffSession, type TestApp } from '../helpers/test-app';
import { authorise, issuedCard } from './card-helpers';

describe('Freeze everything: POST /v1/account/freeze, /v1/account/unfreeze, PATCH /v1/admin/customers/:id/unfreeze', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const user = async (session: { cookie: string }) => (await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: session.cookie } })).json().user;

  it('declines every card and refuses outbound transfers while incoming money still arrives; e-mailed and audited', async () => {
    const a = await approvedCustomer(t.app, { funded: '500.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const card = await issuedCard(t.app, a);
    const res = await t.app.inject({ method: 'POST', url: '/v1/account/freeze', headers: a.session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().frozenAt).toBeTruthy();
    expect((await user(a.session)).frozenAt).toBe(res.json().frozenAt);

    expect((await authorise(t.app, a.staff, card)).json()).toMatchObject({ approved: false, declineReason: 'card_frozen' });
    const cardView = (await t.app.inject({ method: 'GET', url: `/v1/card/${card.id}`, headers: { cookie: a.session.cookie } })).json().card;
    expect(cardView).toMatchObject({ frozen: false, frozenByAccount: true });

    const same = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '10.00', pin: '2468' } });
    expect(same.statusCode).toBe(403);
    expect(same.json().error).toBe('Your account is frozen. Unfreeze it in the app to send money.');
    const local = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/local',
      headers: a.session.headers,
      payload: { recipientName: 'Sam Lee', recipientBankName: 'Other Bank', recipientAccountNumber: '12345678', amount: '10.00', transferDate: new Date().toISOString().slice(0, 10) },
    });
    expect(local.json()).toMatchObject({ success: false, error: 'Your account is frozen. Unfreeze it in the app to send money.' });
    expect(local.statusCode).toBe(403);

    const incoming = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/incoming-transfers',
      headers: a.staff.headers,
      payload: { accountNumber: a.accountNumber, amount: '25.00', currency: 'USD', senderName: 'Payroll', senderBank: 'Test Bank', reference: `IN-${randomBytes(5).toString('hex')}` },
    });
    expect(incoming.statusCode).toBe(201);
    expect((await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [a.id]))[0].balance_minor).toBe('52500');

    await t.app.jobs.drain();
    const [notice] = await t.app.db.query(`SELECT subject, body_text FROM outbox WHERE lower(to_address) = lower($1) AND template = 'securityNotice'`, [a.email]);
    expect(notice.subject).toBe('Strongroom security notice');
    expect(notice.body_text).toContain('You froze everything');
    expect((await lastMail(t.app, a.email as string)).template).toBe('transactionAlert');
    const audit = await t.app.db.query(`SELECT action FROM audit_log WHERE target_id = $1 AND action LIKE 'account.%'`, [a.id]);
    expect(audit).toEqual([{ action: 'account.freeze' }]);
    const again = await t.app.inject({ method: 'POST', url: '/v1/account/freeze', headers: a.session.headers });
    expect(again.json().frozenAt).toBe(res.json().frozenAt);
  });

  it('is undone only with the right password and PIN, or by an admin', async () => {
    const a = await approvedCustomer(t.app, { funded: '50.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    await t.app.inject({ method: 'POST', url: '/v1/account/freeze', headers: a.session.headers });
    const badPassword = await t.app.inject({ method: 'POST', url: '/v1/account/unfreeze', headers: a.session.headers, payload: { password: 'wrong-password', pin: '2468' } });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().errors.password).toBe('Incorrect password');
    const badPin = await t.app.inject({ method: 'POST', url: '/v1/account/unfreeze', headers: a.session.headers, payload: { password: a.password, pin: '0000' } });
    expect(badPin.json().errors.pin).toBe('Incorrect PIN');
    const missing = await t.app.inject({ method: 'POST', url: '/v1/account/unfreeze', headers: a.session.headers, payload: { pin: '2468', other: 1 } });
    expect(missing.json().errors).toMatchObject({ password: 'Password is required', other: 'Unknown field: other' });
    expect((await user(a.session)).frozenAt).not.toBeNull();

    const ok = await t.app.inject({ method: 'POST', url: '/v1/account/unfreeze', headers: a.session.headers, payload: { password: a.password, pin: '2468' } });
    expect(ok.json()).toMatchObject({ success: true, message: 'Your account is unfrozen' });
    expect((await user(a.session)).frozenAt).toBeNull();
    const sent = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '10.00', pin: '2468' } });
    expect(sent.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/v1/account/unfreeze', headers: a.session.headers, payload: { password: a.password, pin: '2468' } })).statusCode).toBe(409);

    await t.app.inject({ method: 'POST', url: '/v1/account/freeze', headers: a.session.headers });
    const auditor = await staffSession(t.app, 'auditor');
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${a.id}/unfreeze`, headers: auditor.headers, payload: {} })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${a.id}/unfreeze`, headers: a.session.headers, payload: {} })).statusCode).toBe(403);
    const staff = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${a.id}/unfreeze`, headers: a.staff.headers, payload: { reason: 'Verified by phone' } });
    expect(staff.statusCode).toBe(200);
    expect((await user(a.session)).frozenAt).toBeNull();
    const audit = await t.app.db.query(`SELECT action, reason FROM audit_log WHERE target_id = $1 AND action LIKE 'account.%' ORDER BY id`, [a.id]);
    expect(audit.map((r: { action: string }) => r.action)).toEqual(['account.freeze', 'account.unfreeze', 'account.freeze', 'account.staff_unfreeze']);
  });
});
