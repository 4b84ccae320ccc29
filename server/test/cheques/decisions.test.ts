import { approvedCustomer, createTestApp, lastMail, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { balanceOf, depositedChequeId } from './cheque-fixtures';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('PATCH /v1/cheque/:id/approve and /reject', () => {
  let t: TestApp;
  let admin: Session;
  let secondAdmin: Session;
  let auditor: Session;
  let customer: Awaited<ReturnType<typeof approvedCustomer>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
    secondAdmin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
    customer = await approvedCustomer(t.app, { staff: admin });
  });
  afterAll(() => t.close());

  const approve = (id: string, staff: Session) => t.app.inject({ method: 'PATCH', url: `/v1/cheque/${id}/approve`, headers: staff.headers, payload: {} });
  const reject = (id: string, staff: Session, reason: unknown = 'The signature does not match') =>
    t.app.inject({ method: 'PATCH', url: `/v1/cheque/${id}/reject`, headers: staff.headers, payload: { reason } });
  const ownCheque = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${customer.id}?pageSize=100`, headers: { cookie: customer.session.cookie } });
    return res.json().items.find((c: { id: string }) => c.id === id);
  };

  it('approval credits the account through the ledger, writes the credit line and the timeline, and tells the customer', async () => {
    const before = BigInt(await balanceOf(t.app, customer.id));
    const id = await depositedChequeId(t.app, customer.session, { amount: '480.25' });
    const res = await approve(id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'approved', awaitingSecondApproval: false });
    expect(BigInt(await balanceOf(t.app, customer.id))).toBe(before + 48025n);

    const cheque = await ownCheque(id);
    expect(cheque.status).toBe('approved');
    expect(cheque.timeline.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ['pending', 'you'],
      ['approved', 'Strongroom'],
    ]);
    const tx = await t.app.inject({ method: 'GET', url: `/v1/transaction/${cheque.transactionReference}`, headers: { cookie: customer.session.cookie } });
    expect(tx.statusCode).toBe(200);
    expect(tx.json().transaction).toMatchObject({ type: 'credit', kind: 'cheque_deposit', status: 'success', amount: '480.25' });

    const mail = await lastMail(t.app, customer.email as string);
    expect(mail.bodyText).toMatch(/approved and credited/);
    const [audit] = await t.app.db.query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id DESC LIMIT 1`, [id]);
    expect(audit.action).toBe('cheque.approve');
  });

  it('rejection with a reason credits nothing and shows the customer why', async () => {
    const before = await balanceOf(t.app, customer.id);
    const id = await depositedChequeId(t.app, customer.session);
    const res = await reject(id, admin, 'The cheque is not signed');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('rejected');
    expect(await balanceOf(t.app, customer.id)).toBe(before);
    const cheque = await ownCheque(id);
    expect(cheque).toMatchObject({ status: 'rejected', reason: 'The cheque is not signed', transactionReference: null });
    expect(cheque.timeline.at(-1)).toMatchObject({ status: 'rejected', reason: 'The cheque is not signed', by: 'Strongroom' });
    expect((await lastMail(t.app, customer.email as string)).bodyText).toMatch(/Reason: The cheque is not signed/);
  });

  it('mails the decision only to customers who want transaction alerts', async () => {
    const quiet = await approvedCustomer(t.app, { staff: admin });
    await t.app.db.query(`UPDATE customers SET notification_preferences = notification_preferences || '{"transactionAlerts": false}'::jsonb WHERE id = $1`, [quiet.id]);
    const id = await depositedChequeId(t.app, quiet.session);
    expect((await approve(id, admin)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const mails = await t.app.db.query(`SELECT 1 FROM outbox WHERE customer_id = $1 AND body_text LIKE '%cheque no.%'`, [quiet.id]);
    expect(mails).toEqual([]);
  });

  it('refuses a rejection without a reason, and unknown fields', async () => {
    const id = await depositedChequeId(t.app, customer.session);
    for (const payload of [{ reason: '' }, {}, { reason: 'Blurred image', credit: true }]) {
      const res = await t.app.inject({ method: 'PATCH', url: `/v1/cheque/${id}/reject`, headers: admin.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await ownCheque(id)).status).toBe('pending');
  });

  it('answers a repeated decision as the first and refuses the contrary one (409)', async () => {
    const before = BigInt(await balanceOf(t.app, customer.id));
    const approved = await depositedChequeId(t.app, customer.session, { amount: '100.00' });
    expect((await approve(approved, admin)).statusCode).toBe(200);
    const again = await approve(approved, secondAdmin);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('approved');
    expect(BigInt(await balanceOf(t.app, customer.id))).toBe(before + 10000n);
    const rejectAfter = await reject(approved, admin);
    expect(rejectAfter.statusCode).toBe(409);
    expect(rejectAfter.json().error).toMatch(/already been approved/);

    const rejected = await depositedChequeId(t.app, customer.session);
    expect((await reject(rejected, admin)).statusCode).toBe(200);
    const approveAfter = await approve(rejected, admin);
    expect(approveAfter.statusCode).toBe(409);
    expect(approveAfter.json().error).toMatch(/already been rejected/);
    expect(BigInt(await balanceOf(t.app, customer.id))).toBe(before + 10000n);
  });

  it('lets only admins decide: auditors and customers get 403, nobody signed in 401', async () => {
    const id = await depositedChequeId(t.app, customer.session);
    expect((await approve(id, auditor)).statusCode).toBe(403);
    expect((await reject(id, auditor)).statusCode).toBe(403);
    expect((await approve(id, customer.session)).statusCode).toBe(403);
    expect((await reject(id, customer.session)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/cheque/${id}/approve` })).statusCode).toBe(401);
    expect((await ownCheque(id)).status).toBe('pending');
  });

  it('answers a missing or malformed id with 404', async () => {
    for (const id of [MISSING, 'not-a-uuid']) {
      expect((await approve(id, admin)).statusCode).toBe(404);
      expect((await reject(id, admin)).statusCode).toBe(404);
    }
  });

  it('needs two different admins above the four-eyes threshold', async () => {
    const before = BigInt(await balanceOf(t.app, customer.id));
    const id = await depositedChequeId(t.app, customer.session, { amount: '15000.00' });
    const first = await approve(id, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'awaiting_second_approval', awaitingSecondApproval: true });
    expect(BigInt(await balanceOf(t.app, customer.id))).toBe(before);

    const show = await t.app.inject({ method: 'GET', url: `/v1/admin/cheques/${id}`, headers: { cookie: auditor.cookie } });
    expect(show.json().firstApproval).toMatchObject({ email: expect.stringMatching(/^admin\./) });
    const sameAdmin = await approve(id, admin);
    expect(sameAdmin.statusCode).toBe(409);
    expect(BigInt(await balanceOf(t.app, customer.id))).toBe(before);

    const second = await approve(id, secondAdmin);
    expect(second.statusCode).toBe(200);
    expect(second.json().status).toBe('approved');
    expect(BigInt(await balanceOf(t.app, customer.id))).toBe(before + 1_500_000n);
    expect((await ownCheque(id)).timeline.map((e: { status: string }) => e.status)).toEqual(['pending', 'awaiting_second_approval', 'approved']);
  });

  it('keeps the ledger balanced after a mix of approvals and rejections', async () => {
    const other = await approvedCustomer(t.app, { staff: admin });
    const amounts = ['12.34', '500.00', '0.01', '999.99', '42.00', '7.50'];
    let expected = 0n;
    for (const [index, amount] of amounts.entries()) {
      const id = await depositedChequeId(t.app, other.session, { amount });
      if (index % 2 === 0) {
        expect((await approve(id, admin)).statusCode).toBe(200);
        expected += BigInt(amount.replace('.', ''));
      } else {
        expect((await reject(id, secondAdmin, 'Drawer account closed')).statusCode).toBe(200);
      }
    }
    expect(BigInt(await balanceOf(t.app, other.id))).toBe(expected);

    const unbalanced = await t.app.db.query(`SELECT journal_id FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0`);
    expect(unbalanced).toEqual([]);
    const drift = await t.app.db.query(`SELECT a.id FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(p.amount_minor), 0)`);
    expect(drift).toEqual([]);
    const [clearing] = await t.app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE code = 'cheque_clearing:USD'`);
    const [credited] = await t.app.db.query(`SELECT coalesce(sum(amount_minor), 0)::text AS total FROM cheques WHERE status = 'approved' AND currency = 'USD'`);
    expect(BigInt(clearing.b)).toBe(-BigInt(credited.total));
    const [lines] = await t.app.db.query(`SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1 AND kind = 'cheque_deposit'`, [other.id]);
    expect(lines.n).toBe(3);
  });
});
