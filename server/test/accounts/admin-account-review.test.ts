import { randomUUID } from 'node:crypto';
import { approvedCustomer, createTestApp, lastMail, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { openAccount } from './account-fixtures';

/** Business accounts on the review queue, decided from the console: PATCH /v1/admin/accounts/{id}/approve | reject. */
describe('staff decide business account applications', () => {
  let t: TestApp;
  let admin: Session;
  let auditor: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
  });
  afterAll(() => t.close());

  const decide = (id: string, decision: 'approve' | 'reject', session: Session, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/v1/admin/accounts/${id}/${decision}`, headers: session.headers, ...(payload ? { payload } : {}) });

  it('lists a pending application for staff and opens it on an admin approval; an auditor is refused', async () => {
    const c = await approvedCustomer(t.app, { staff: admin });
    const account = await openAccount(t.app, c.session, { product: 'business', currency: 'USD', name: 'Corner Shop' });
    const pending = await t.app.inject({ method: 'GET', url: `/v1/admin/accounts?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', customerId: c.id }))}`, headers: auditor.headers });
    expect(pending.json()).toMatchObject([{ id: account.id, product: 'business', status: 'pending', openedAt: null, balance: '0.00' }]);

    expect((await decide(account.id, 'approve', auditor)).statusCode).toBe(403);
    const approved = await decide(account.id, 'approve', admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ success: true, status: 'active', awaitingSecondApproval: false, message: 'Account approved and opened' });
    expect((await lastMail(t.app, c.email as string)).bodyText).toContain(account.number);
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/admin/accounts/${account.id}`, headers: auditor.headers })).json();
    expect(detail).toMatchObject({ status: 'active', openedAt: expect.any(String) });
    expect(detail.timeline.map((e: { status: string }) => e.status)).toEqual(['pending', 'active']);
    const [audit] = await t.app.db.query(`SELECT action, actor_type FROM audit_log WHERE target_id = $1`, [account.id]);
    expect(audit).toMatchObject({ actor_type: 'staff' });
  });

  it('rejects with the reason the customer reads; no reason is a 400, an unknown id a 404', async () => {
    const c = await approvedCustomer(t.app, { staff: admin });
    const account = await openAccount(t.app, c.session, { product: 'business', currency: 'EUR' });
    const noReason = await decide(account.id, 'reject', admin, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ success: false, errors: { reason: 'A reason is required' } });
    const rejected = await decide(account.id, 'reject', admin, { reason: 'We need your business registration' });
    expect(rejected.json()).toMatchObject({ success: true, status: 'rejected' });
    expect((await lastMail(t.app, c.email as string)).bodyText).toContain('Reason: We need your business registration');
    expect((await decide(account.id, 'approve', admin)).statusCode).toBe(409);
    expect((await decide(randomUUID(), 'approve', admin)).statusCode).toBe(404);
  });
});
