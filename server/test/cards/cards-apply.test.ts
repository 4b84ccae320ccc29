import { approvedCustomer, createTestApp, registerCustomer, login, staffSession, lastMail, type TestApp } from '../helpers/test-app';
import { applicationPayload, applyForCard } from './card-helpers';

describe('card applications: POST /v1/card, GET /v1/card, PATCH /v1/card/:id/approve|reject', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes an application with the SSN encrypted (last 4 only) and lists it, masked, to its owner only', async () => {
    const a = await approvedCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/card', headers: a.session.headers, payload: applicationPayload() });
    expect(res.statusCode).toBe(201);
    const card = res.json().card;
    expect(card).toMatchObject({ status: 'pending', cardType: 'visa', last4: null, expiry: null, creditLimit: '2000.00', balanceOwed: '0.00', availableCredit: '0.00', rewards: '1.5% cash back' });
    const [row] = await t.app.db.query(`SELECT ssn_encrypted, ssn_last4 FROM cards WHERE id = $1`, [card.id]);
    expect(row.ssn_last4).toBe('6789');
    expect(row.ssn_encrypted).not.toContain('123-45-6789');
    expect(row.ssn_encrypted).not.toContain('123456789');
    expect(res.body).not.toContain('123-45-6789');

    const list = await t.app.inject({ method: 'GET', url: '/v1/card', headers: { cookie: a.session.cookie } });
    expect(list.json().cards.map((c: { id: string }) => c.id)).toEqual([card.id]);
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const other = await t.app.inject({ method: 'GET', url: '/v1/card', headers: { cookie: b.session.cookie } });
    expect(other.json().cards).toEqual([]);
    const direct = await t.app.inject({ method: 'GET', url: `/v1/card/${card.id}`, headers: { cookie: b.session.cookie } });
    expect(direct.statusCode).toBe(404);
    expect(direct.json()).toEqual({ success: false, error: 'Card not found' });
  });

  it('refuses bad input with the spec messages: limits, unknown fields, typed card details, wrong types', async () => {
    const a = await approvedCustomer(t.app);
    const low = await t.app.inject({ method: 'POST', url: '/v1/card', headers: a.session.headers, payload: applicationPayload({ creditLimit: '499.99', agreeToTerms: false }) });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toMatchObject({ creditLimit: 'Minimum credit limit is $500', agreeToTerms: 'You must agree to the terms and conditions' });
    const step = await t.app.inject({ method: 'POST', url: '/v1/card', headers: a.session.headers, payload: applicationPayload({ creditLimit: 1250 }) });
    expect(step.json().errors.creditLimit).toBe('Credit limit must be a multiple of $500');
    const high = await t.app.inject({ method: 'POST', url: '/v1/card', headers: a.session.headers, payload: applicationPayload({ creditLimit: '1000000.00' }) });
    expect(high.json().errors.creditLimit).toBe('Maximum credit limit is $50,000');
    const typed = await t.app.inject({
      method: 'POST',
      url: '/v1/card',
      headers: a.session.headers,
      payload: applicationPayload({ cvv: '123', expiryDate: '2030-01-01', cardNumber: '4111111111111111' }),
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors).toEqual({ cvv: 'Unknown field: cvv', expiryDate: 'Unknown field: expiryDate', cardNumber: 'Unknown field: cardNumber' });
    const wrong = await t.app.inject({ method: 'POST', url: '/v1/card', headers: a.session.headers, payload: applicationPayload({ cardType: 'diners', agreeToTerms: 'yes', firstName: 7 }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toMatchObject({ cardType: 'Please select a card type', agreeToTerms: 'You must agree to the terms and conditions' });
    expect(wrong.json().errors.firstName).toBeDefined();
    const notObject = await t.app.inject({ method: 'POST', url: '/v1/card', headers: { ...a.session.headers, 'content-type': 'application/json' }, payload: '[1]' });
    expect(notObject.statusCode).toBe(400);
    expect(await t.app.db.query(`SELECT 1 FROM cards WHERE customer_id = $1`, [a.id])).toHaveLength(0);
  });

  it('needs a signed-in, approved customer to apply', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/card', payload: applicationPayload() });
    expect(anonymous.statusCode).toBe(401);
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const pending = await t.app.inject({ method: 'POST', url: '/v1/card', headers: s.headers, payload: applicationPayload() });
    expect(pending.statusCode).toBe(403);
  });

  it('issues the card on approval: a masked card with last 4 and expiry 4 years out, e-mailed, audited, on the timeline', async () => {
    const a = await approvedCustomer(t.app);
    const id = await applyForCard(t.app, a.session, { cardType: 'american_express' });
    t.app.clock.set(new Date('2026-03-10T12:00:00Z'));
    try {
      const res = await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: a.staff.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, status: 'active', message: 'Card approved and issued' });
    } finally {
      t.app.clock.set(null);
    }
    const card = (await t.app.inject({ method: 'GET', url: `/v1/card/${id}`, headers: { cookie: a.session.cookie } })).json().card;
    expect(card).toMatchObject({ status: 'active', expiry: '03/30', availableCredit: '2000.00' });
    expect(card.last4).toMatch(/^\d{4}$/);
    // No run of a card number's digits, outside the ids: a random UUID's last group is twelve digits once in ~280.
    expect(JSON.stringify(card).replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, 'uuid')).not.toMatch(/\d{12,}/);
    const [row] = await t.app.db.query(`SELECT number_encrypted, number_last4 FROM cards WHERE id = $1`, [id]);
    expect(row.number_encrypted).not.toMatch(/\d{15}/);
    await t.app.jobs.drain();
    expect((await lastMail(t.app, a.email as string)).template).toBe('cardApplicationDecision');
    const audit = await t.app.db.query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [id]);
    expect(audit.map((r: { action: string }) => r.action)).toEqual(['card.apply', 'card.approve']);
    const events = await t.app.db.query(`SELECT from_status, to_status FROM status_events WHERE subject_type = 'card' AND subject_id = $1`, [id]);
    expect(events).toEqual([{ from_status: 'pending', to_status: 'active' }]);
  });

  it('keeps the review rules: admins only, a reason to reject, no contrary decision, the same decision answers the same', async () => {
    const a = await approvedCustomer(t.app);
    const id = await applyForCard(t.app, a.session);
    const auditor = await staffSession(t.app, 'auditor');
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: auditor.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: a.session.headers })).statusCode).toBe(403);
    const noReason = await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/reject`, headers: a.staff.headers, payload: { reason: '' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe('A reason is required');
    const reject = await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/reject`, headers: a.staff.headers, payload: { reason: 'Income too low for this limit' } });
    expect(reject.json()).toMatchObject({ success: true, status: 'rejected' });
    const again = await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/reject`, headers: a.staff.headers, payload: { reason: 'Income too low for this limit' } });
    expect(again.json()).toMatchObject({ success: true, status: 'rejected' });
    const contrary = await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: a.staff.headers });
    expect(contrary.statusCode).toBe(409);
    const card = (await t.app.inject({ method: 'GET', url: `/v1/card/${id}`, headers: { cookie: a.session.cookie } })).json().card;
    expect(card).toMatchObject({ status: 'rejected', rejectionReason: 'Income too low for this limit', last4: null });
    expect((await t.app.inject({ method: 'PATCH', url: '/v1/card/not-a-uuid/approve', headers: a.staff.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: '/v1/card/00000000-0000-4000-8000-000000000000/approve', headers: a.staff.headers })).statusCode).toBe(404);
  });

  it('needs a second, different admin to approve a limit above the four-eyes threshold', async () => {
    const a = await approvedCustomer(t.app);
    const id = await applyForCard(t.app, a.session, { creditLimit: '15000' });
    const first = await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: a.staff.headers });
    expect(first.json()).toMatchObject({ status: 'awaiting_second_approval', awaitingSecondApproval: true });
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: a.staff.headers })).statusCode).toBe(409);
    const second = await staffSession(t.app, 'admin');
    const done = await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: second.headers });
    expect(done.json()).toMatchObject({ status: 'active' });
  });

  it('lets staff list cards masked (auditors read, only admins act)', async () => {
    const a = await approvedCustomer(t.app);
    const id = await applyForCard(t.app, a.session);
    await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: a.staff.headers });
    const auditor = await staffSession(t.app, 'auditor');
    const list = await t.app.inject({ method: 'GET', url: `/v1/admin/cards?filter=${encodeURIComponent(JSON.stringify({ customerId: a.id }))}`, headers: { cookie: auditor.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^cards 0-0\/1$/);
    expect(list.json()[0]).toMatchObject({ id, status: 'active', accountNumber: a.accountNumber, ssnLast4: '6789' });
    expect(list.body).not.toMatch(/\d{15}/);
    expect(list.body).not.toContain('number_encrypted');
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/admin/cards/${id}/block`, headers: auditor.headers, payload: { reason: 'Reported stolen' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/cards', headers: { cookie: a.session.cookie } })).statusCode).toBe(403);
    // The answer carries the card as it now is: the console's button follows it before its list is refreshed.
    const frozen = await t.app.inject({ method: 'PATCH', url: `/v1/admin/cards/${id}/freeze`, headers: a.staff.headers });
    expect(frozen.json()).toMatchObject({ success: true, message: 'Card frozen', card: { id, frozen: true } });
    const unfrozen = await t.app.inject({ method: 'PATCH', url: `/v1/admin/cards/${id}/unfreeze`, headers: a.staff.headers });
    expect(unfrozen.json()).toMatchObject({ success: true, message: 'Card unfrozen', card: { id, frozen: false } });
    const block = await t.app.inject({ method: 'PATCH', url: `/v1/admin/cards/${id}/block`, headers: a.staff.headers, payload: { reason: 'Reported stolen' } });
    expect(block.json().card).toMatchObject({ status: 'blocked', blockReason: 'Reported stolen', availableCredit: '0.00' });
    const unfreeze = await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/unfreeze`, headers: a.session.headers });
    expect(unfreeze.statusCode).toBe(409);
    const queue = await t.app.inject({ method: 'GET', url: '/v1/admin/review-queue', headers: { cookie: auditor.cookie } });
    expect(queue.json().queues.find((q: { resource: string }) => q.resource === 'cards')).toBeDefined();
  });
});
