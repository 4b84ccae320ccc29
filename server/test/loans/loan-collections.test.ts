import { randomBytes } from 'node:crypto';
import { COLLECT_TASK } from '../../src/modules/loans/loans.jobs';
import { approvedCustomer, createTestApp, lastMail, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { applyForLoan, approveLoan, balanceOf, expectLedgerConsistent, internalBalance, loansOf } from './loan-helpers';

const day = (iso: string) => new Date(`${iso}T07:00:00Z`);

describe('loan collections and early payment', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
  });
  afterEach(() => t.app.clock.set(null));
  afterAll(() => t.close());

  /** The daily run, as the worker's crontab starts it, on the app's clock. */
  async function runCollections(on: string) {
    t.app.clock.set(day(on));
    await t.app.jobs.enqueue(t.app.db, COLLECT_TASK, {});
    await t.app.jobs.drain();
  }

  async function fund(accountNumber: string, amount: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/incoming-transfers',
      headers: admin.headers,
      payload: { accountNumber, amount, currency: 'USD', senderName: 'Payroll', senderBank: 'Test Bank', reference: `PAY-${randomBytes(5).toString('hex')}` },
    });
    expect(res.statusCode).toBe(201);
  }

  /** A customer whose loan of 1,200 over 12 months was approved on 2026-01-15 and then spent. */
  async function borrowerWithSpentLoan() {
    const a = await approvedCustomer(t.app, { staff: admin });
    const b = await approvedCustomer(t.app, { staff: admin });
    const loan = await applyForLoan(t.app, a.session, { loanAmount: '1200', termLength: 12 });
    t.app.clock.set(day('2026-01-15'));
    await approveLoan(t.app, admin, loan.id);
    const spend = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1200.00', pin: '2468' } });
    expect(spend.statusCode).toBe(201);
    return { a, loan };
  }

  it('marks an instalment it cannot collect as missed, tells the customer, and collects it on a later day once funded', async () => {
    const { a, loan } = await borrowerWithSpentLoan();
    const [first] = (await loansOf(t.app, a.session, a.id))[0].schedule;
    expect(first.dueDate).toBe('2026-02-15');

    await runCollections('2026-02-14');
    expect((await loansOf(t.app, a.session, a.id))[0].schedule[0].status).toBe('due');

    await runCollections('2026-02-15');
    let [mine] = await loansOf(t.app, a.session, a.id);
    expect(mine.schedule[0]).toMatchObject({ status: 'missed', attempts: 1 });
    expect(mine.timeline.at(-1)).toMatchObject({ status: 'missed', by: 'system', reason: expect.stringContaining('Instalment 1 of 12 could not be collected') });
    const mail = await lastMail(t.app, a.email as string);
    expect(mail.template).toBe('loanInstalmentMissed');
    expect(mail.bodyText).toContain(`Instalment 1 of 12 ($${first.amount}`);

    await runCollections('2026-02-16');
    [mine] = await loansOf(t.app, a.session, a.id);
    expect(mine.schedule[0]).toMatchObject({ status: 'missed', attempts: 2 });
    expect(mine.timeline.filter((e) => e.status === 'missed')).toHaveLength(1);

    await fund(a.accountNumber, '500.00');
    const interestBefore = await internalBalance(t.app, 'interest_income:USD');
    await runCollections('2026-02-17');
    [mine] = await loansOf(t.app, a.session, a.id);
    expect(mine.schedule[0]).toMatchObject({ status: 'paid', attempts: 3 });
    expect(mine.schedule[1].status).toBe('due');
    const cents = (s: string) => BigInt(s.replace('.', ''));
    expect(await balanceOf(t.app, a.id)).toBe(50000n - cents(first.amount));
    expect(await internalBalance(t.app, 'interest_income:USD')).toBe(interestBefore + cents(first.interest));
    const [journal] = await t.app.db.query(
      `SELECT j.id, count(p.*)::int AS lines FROM journals j JOIN postings p ON p.journal_id = j.id WHERE j.kind = 'loan_repayment' AND j.metadata->>'loanId' = $1 GROUP BY j.id`,
      [loan.id],
    );
    expect(journal.lines).toBe(3);
    const list = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: a.session.cookie } });
    expect(list.json().items[0]).toMatchObject({ type: 'debit', kind: 'loan_repayment', amount: first.amount, description: 'Loan repayment 1 of 12' });
    await expectLedgerConsistent(t.app);
  });

  it('lets the customer pay the next instalment early with the PIN, once per Idempotency-Key', async () => {
    const a = await approvedCustomer(t.app, { staff: admin, funded: '300.00' });
    const loan = await applyForLoan(t.app, a.session, { loanAmount: '2400', termLength: 24 });
    const other = await approvedCustomer(t.app, { staff: admin });
    const stranger = await t.app.inject({ method: 'POST', url: `/v1/loan/${loan.id}/pay-next`, headers: other.session.headers, payload: { pin: '2468' } });
    expect(stranger.statusCode).toBe(404);
    const early = await t.app.inject({ method: 'POST', url: `/v1/loan/${loan.id}/pay-next`, headers: a.session.headers, payload: { pin: '2468' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Only an approved loan has instalments to pay');
    await approveLoan(t.app, admin, loan.id);

    const bad = await t.app.inject({ method: 'POST', url: `/v1/loan/${loan.id}/pay-next`, headers: a.session.headers, payload: { pin: '12' } });
    expect(bad.json().errors).toEqual({ pin: 'PIN must be exactly 4 digits' });
    const wrong = await t.app.inject({ method: 'POST', url: `/v1/loan/${loan.id}/pay-next`, headers: a.session.headers, payload: { pin: '0000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.pin).toBe('Incorrect PIN');
    const before = await balanceOf(t.app, a.id);

    const headers = { ...a.session.headers, 'idempotency-key': `pay-next-${randomBytes(6).toString('hex')}` };
    const paid = await t.app.inject({ method: 'POST', url: `/v1/loan/${loan.id}/pay-next`, headers, payload: { pin: '2468' } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, message: 'Instalment 1 of 24 paid', instalment: { number: 1, status: 'paid' }, transaction: { kind: 'loan_repayment', type: 'debit' } });
    const again = await t.app.inject({ method: 'POST', url: `/v1/loan/${loan.id}/pay-next`, headers, payload: { pin: '2468' } });
    expect(again.json()).toEqual(paid.json());
    const amountMinor = BigInt(paid.json().transaction.amount.replace('.', ''));
    expect(await balanceOf(t.app, a.id)).toBe(before - amountMinor);

    const [mine] = await loansOf(t.app, a.session, a.id);
    expect(mine.schedule.map((i) => i.status).slice(0, 3)).toEqual(['paid', 'due', 'due']);
    expect(mine.timeline.at(-1)).toMatchObject({ status: 'paid', by: 'you', reason: 'Instalment 1 of 24 paid early' });
    // The daily run does not collect an instalment that is already paid when its date comes.
    await runCollections(mine.schedule[0].dueDate);
    expect(await balanceOf(t.app, a.id)).toBe(before - amountMinor);
    await expectLedgerConsistent(t.app);
  });
});
