import { randomUUID } from 'node:crypto';
import { approvedCustomer, createTestApp, staffSession, type TestApp } from '../helpers/test-app';

describe("PATCH /v1/admin/customers/:id/unfreeze: staff lift a customer's Freeze everything", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the freeze on the console record, lifts it for an admin only, e-mails the customer and audits the reason', async () => {
    const a = await approvedCustomer(t.app);
    const auditor = await staffSession(t.app, 'auditor');
    const notFrozen = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${a.id}/unfreeze`, headers: a.staff.headers, payload: {} });
    expect(notFrozen.statusCode).toBe(409);
    expect(notFrozen.json()).toEqual({ success: false, error: 'Your account is not frozen' });

    const frozen = await t.app.inject({ method: 'POST', url: '/v1/account/freeze', headers: a.session.headers });
    const record = (await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${a.id}`, headers: { cookie: auditor.cookie } })).json();
    expect(record.frozenAt).toBe(frozen.json().frozenAt);

    expect((await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${a.id}/unfreeze`, headers: auditor.headers, payload: {} })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${randomUUID()}/unfreeze`, headers: a.staff.headers, payload: {} })).json()).toEqual({
      success: false,
      error: 'Customer not found',
    });
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/not-an-id/unfreeze`, headers: a.staff.headers, payload: {} })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${a.id}/unfreeze`, headers: a.staff.headers, payload: { reason: 'x'.repeat(501), pin: '2468' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ reason: 'Reason must be at most 500 characters', pin: 'Unknown field: pin' });

    const lifted = await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${a.id}/unfreeze`, headers: a.staff.headers, payload: { reason: 'Identity confirmed by phone' } });
    expect(lifted.json()).toMatchObject({ success: true, message: 'Your account is unfrozen' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${a.id}`, headers: { cookie: auditor.cookie } })).json().frozenAt).toBeNull();

    await t.app.jobs.drain();
    const notices = await t.app.db.query(`SELECT body_text FROM outbox WHERE lower(to_address) = lower($1) AND template = 'securityNotice' ORDER BY created_at`, [a.email]);
    expect(notices.map((n: { body_text: string }) => n.body_text).join('\n')).toContain('Your account is unfrozen: your cards and outgoing payments work again.');
    const [audit] = await t.app.db.query(`SELECT actor_type, actor_email, reason FROM audit_log WHERE target_id = $1 AND action = 'account.staff_unfreeze'`, [a.id]);
    expect(audit).toMatchObject({ actor_type: 'staff', reason: 'Identity confirmed by phone' });
    expect(audit.actor_email).toMatch(/^admin\./);
  });
});
