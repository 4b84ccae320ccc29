import { approvedCustomer, createTestApp, lastMail, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { applyForLoan, approveLoan, balanceOf, expectLedgerConsistent, internalBalance, loansOf } from './loan-helpers';

describe('staff decisions on loans: review, approve (payout and schedule), reject', () => {
  let t: TestApp;
  let admin: Session;
  let auditor: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
  });
  afterAll(() => t.close());

  const patch = (url: string, session: { headers: Record<string, string> }, payload?: object) => t.app.inject({ method: 'PATCH', url, headers: session.headers, ...(payload ? { payload } : {}) });

  it('keeps customers off staff routes and auditors off decisions, while auditors read everything', async () => {
    const a = await approvedCustomer(t.app, { staff: admin });
    const loan = await applyForLoan(t.app, a.session);
    for (const url of [`/v1/loan/${loan.id}/review`, `/v1/loan/${loan.id}/approve`]) {
      expect((await patch(url, a.session)).statusCode).toBe(403);
      expect((await patch(url, auditor)).statusCode).toBe(403);
    }
    expect((await patch(`/v1/loan/${loan.id}/reject`, auditor, { reason: 'Not for auditors' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/loan', headers: { cookie: a.session.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/v1/admin/loans/${loan.id}`, headers: { cookie: a.session.cookie } })).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/loan?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', customerId: a.id }))}&range=[0,9]`,
      headers: { cookie: auditor.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('loans 0-0/1');
    expect(list.json()[0]).toMatchObject({ id: loan.id, status: 'pending', ssnLast4: '6789', customerName: 'Dana Okafor' });
    expect(list.body).not.toMatch(/123-?45-?6789/);
    const show = await t.app.inject({ method: 'GET', url: `/v1/admin/loans/${loan.id}`, headers: { cookie: auditor.cookie } });
    expect(show.json()).toMatchObject({ id: loan.id, ssnLast4: '6789', applicant: { employerName: 'Acme Corp', annualIncome: '85000.00' }, collection: { paid: 0, missed: 0, due: 0 } });
    expect(show.body).not.toMatch(/123-?45-?6789/);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/loans/nope', headers: { cookie: auditor.cookie } })).statusCode).toBe(404);
    expect((await patch('/v1/loan/nope/approve', admin)).statusCode).toBe(404);
    expect((await patch('/v1/loan/00000000-0000-4000-8000-000000000000/approve', admin)).json()).toMatchObject({ success: false, error: 'Loan not found' });
  });

  it('moves a pending loan under review, approves it, pays it out through loans receivable and sets a schedule that sums exactly', async () => {
    const a = await approvedCustomer(t.app, { staff: admin });
    const loan = await applyForLoan(t.app, a.session, { loanAmount: '5000', termLength: 12 });
    const receivableBefore = await internalBalance(t.app, 'loans_receivable:USD');
    const review = await patch(`/v1/loan/${loan.id}/review`, admin);
    expect(review.json()).toMatchObject({ success: true, status: 'under_review' });
    expect((await patch(`/v1/loan/${loan.id}/review`, admin)).json()).toMatchObject({ status: 'under_review' });
    expect(await approveLoan(t.app, admin, loan.id)).toMatchObject({ status: 'approved', awaitingSecondApproval: false, message: 'Loan approved and paid out' });
    expect(await balanceOf(t.app, a.id)).toBe(500000n);
    expect(await internalBalance(t.app, 'loans_receivable:USD')).toBe(receivableBefore - 500000n);
    const list = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: a.session.cookie } });
    expect(list.json().items[0]).toMatchObject({ type: 'credit', kind: 'loan_disbursement', amount: '5000.00', status: 'success', balanceAfter: '5000.00' });

    const [mine] = await loansOf(t.app, a.session, a.id);
    expect(mine.status).toBe('approved');
    expect(mine.schedule).toHaveLength(12);
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const total = mine.schedule.reduce((sum, i) => sum + cents(i.amount), 0n);
    expect(total).toBe(cents(loan.totalAmount));
    expect(mine.schedule.reduce((sum, i) => sum + cents(i.principal), 0n)).toBe(500000n);
    expect(mine.schedule.every((i) => i.status === 'due' && cents(i.amount) === cents(i.principal) + cents(i.interest))).toBe(true);
    expect(mine.timeline.map((e) => [e.status, e.by])).toEqual([
      ['pending', 'you'],
      ['under_review', 'Strongroom'],
      ['approved', 'Strongroom'],
    ]);
    expect((await lastMail(t.app, a.email as string)).template).toBe('loanApproved');
    await expectLedgerConsistent(t.app);
  });

  it('answers a repeated decision as the first, refuses a contrary one, and cannot review a decided loan', async () => {
    const a = await approvedCustomer(t.app, { staff: admin });
    const approved = await applyForLoan(t.app, a.session);
    await approveLoan(t.app, admin, approved.id);
    expect(await approveLoan(t.app, admin, approved.id)).toMatchObject({ status: 'approved' });
    expect(await balanceOf(t.app, a.id)).toBe(500000n);
    const rejectAfter = await patch(`/v1/loan/${approved.id}/reject`, admin, { reason: 'Changed our mind' });
    expect(rejectAfter.statusCode).toBe(409);
    expect(rejectAfter.json().error).toBe('This loan has already been approved');
    expect((await patch(`/v1/loan/${approved.id}/review`, admin)).statusCode).toBe(409);

    const rejected = await applyForLoan(t.app, a.session);
    const noReason = await patch(`/v1/loan/${rejected.id}/reject`, admin, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'A reason is required' });
    const reject = await patch(`/v1/loan/${rejected.id}/reject`, admin, { reason: 'Income does not cover the repayments' });
    expect(reject.json()).toMatchObject({ success: true, status: 'rejected' });
    expect((await patch(`/v1/loan/${rejected.id}/reject`, admin, { reason: 'Income does not cover the repayments' })).statusCode).toBe(200);
    const approveAfter = await patch(`/v1/loan/${rejected.id}/approve`, admin);
    expect(approveAfter.statusCode).toBe(409);
    expect(approveAfter.json().error).toBe('This loan has already been rejected');
    expect(await balanceOf(t.app, a.id)).toBe(500000n);
    const mine = (await loansOf(t.app, a.session, a.id)).find((l) => l.id === rejected.id)!;
    expect(mine).toMatchObject({ status: 'rejected', statusReason: 'Income does not cover the repayments', schedule: [] });
    expect(mine.timeline.at(-1)).toMatchObject({ status: 'rejected', reason: 'Income does not cover the repayments', by: 'Strongroom' });
    expect((await lastMail(t.app, a.email as string)).template).toBe('loanRejected');
  });

  it('needs two different admins above the four-eyes threshold', async () => {
    const a = await approvedCustomer(t.app, { staff: admin });
    const loan = await applyForLoan(t.app, a.session, { loanAmount: '20000', termLength: 24 });
    expect(await approveLoan(t.app, admin, loan.id)).toMatchObject({ status: 'awaiting_second_approval', awaitingSecondApproval: true });
    expect(await balanceOf(t.app, a.id)).toBe(0n);
    const show = await t.app.inject({ method: 'GET', url: `/v1/admin/loans/${loan.id}`, headers: { cookie: auditor.cookie } });
    expect(show.json().firstApproval).toMatchObject({ by: expect.stringContaining('admin.') });
    const same = await patch(`/v1/loan/${loan.id}/approve`, admin);
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('You gave the first approval of this loan; a second admin must give the second.');
    const second = await staffSession(t.app, 'admin');
    expect(await approveLoan(t.app, second, loan.id)).toMatchObject({ status: 'approved' });
    expect(await balanceOf(t.app, a.id)).toBe(2_000_000n);
    await expectLedgerConsistent(t.app);
  });
});
