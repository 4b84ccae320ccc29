import { randomBytes } from 'node:crypto';
import { COLLECT_TASK } from '../../src/modules/loans/loans.jobs';
import { createTestApp, type Session, type TestApp } from '../helpers/test-app';
import { NO_SUCH_ACCOUNT, household, ledgerBalance, type Household } from '../transactions/held-accounts';
import { application, approveLoan, expectLedgerConsistent, loansOf } from './loan-helpers';

const BORROW_REFUSAL = 'Loans and cards can be taken only by the account owner or a joint holder';
const day = (iso: string) => new Date(`${iso}T07:00:00Z`);

/**
 * Loans on an account (docs/decisions/0062-accounts.md): an application names the account it borrows on (the primary
 * when none), which only its owner or a joint holder may; the loan is paid out to that account and collected from it.
 */
describe('POST /v1/loan with accountId: paid out to and collected from its account', () => {
  let t: TestApp;
  let h: Household;

  beforeAll(async () => {
    t = await createTestApp();
    h = await household(t.app, { funded: '100.00', secondFunded: '50.00' });
  });
  afterEach(() => t.app.clock.set(null));
  afterAll(() => t.close());

  const apply = (session: Session, overrides: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/loan', headers: session.headers, payload: application({ loanAmount: '1200', termLength: 12, ...overrides }) });
  const loanRow = async (id: string) => (await t.app.db.query(`SELECT customer_id, account_id, currency FROM loans WHERE id = $1`, [id]))[0];
  const rowOf = async (kind: string, loanId: string) =>
    (
      await t.app.db.query(`SELECT customer_id, account_id::text AS account_id, amount_minor::text AS amount FROM transactions WHERE kind = $1 AND metadata->>'loanId' = $2 ORDER BY created_at`, [
        kind,
        loanId,
      ])
    )[0];
  const balances = async () => ({ primary: BigInt(await ledgerBalance(t.app, h.primary.ledgerAccountId)), second: BigInt(await ledgerBalance(t.app, h.second.ledgerAccountId)) });

  it('puts an application that names no account on the primary account and pays it out there, as before', async () => {
    const res = await apply(h.owner.session);
    expect(res.statusCode).toBe(201);
    const id = res.json().loan.id as string;
    expect(await loanRow(id)).toEqual({ customer_id: h.owner.id, account_id: h.primary.id, currency: 'USD' });
    const before = await balances();
    await approveLoan(t.app, h.staff, id);
    expect(await balances()).toEqual({ primary: before.primary + 120000n, second: before.second });
    expect(await rowOf('loan_disbursement', id)).toEqual({ customer_id: h.owner.id, account_id: h.primary.ledgerAccountId, amount: '120000' });
  });

  it("pays the owner's loan on their second account out to that account", async () => {
    const res = await apply(h.owner.session, { accountId: h.second.id });
    expect(res.statusCode).toBe(201);
    const id = res.json().loan.id as string;
    expect(await loanRow(id)).toEqual({ customer_id: h.owner.id, account_id: h.second.id, currency: 'USD' });
    const before = await balances();
    await approveLoan(t.app, h.staff, id);
    expect(await balances()).toEqual({ primary: before.primary, second: before.second + 120000n });
    expect(await rowOf('loan_disbursement', id)).toEqual({ customer_id: h.owner.id, account_id: h.second.ledgerAccountId, amount: '120000' });
    await expectLedgerConsistent(t.app);
  });

  it("pays a joint holder's loan out to the shared account, which they repay early and which is collected from", async () => {
    const res = await apply(h.joint.session, { accountId: h.second.id });
    expect(res.statusCode).toBe(201);
    const id = res.json().loan.id as string;
    expect(await loanRow(id)).toEqual({ customer_id: h.joint.id, account_id: h.second.id, currency: 'USD' });
    t.app.clock.set(day('2026-01-15'));
    const [jointOwn] = await t.app.db.query(`SELECT id::text AS id, balance_minor::text AS b FROM ledger_accounts WHERE customer_id = $1`, [h.joint.id]);
    let before = await balances();
    await approveLoan(t.app, h.staff, id);
    expect(await balances()).toEqual({ primary: before.primary, second: before.second + 120000n });
    // The credit is the account's owner's row: it shows on the shared account's history, not on the joint holder's own.
    expect(await rowOf('loan_disbursement', id)).toEqual({ customer_id: h.owner.id, account_id: h.second.ledgerAccountId, amount: '120000' });
    const [mine] = await loansOf(t.app, h.joint.session, h.joint.id);
    expect(mine.id).toBe(id);

    before = await balances();
    const early = await t.app.inject({
      method: 'POST',
      url: `/v1/loan/${id}/pay-next`,
      headers: { ...h.joint.session.headers, 'idempotency-key': `early-${randomBytes(5).toString('hex')}` },
      payload: { pin: '2468' },
    });
    expect(early.statusCode).toBe(200);
    const first = BigInt(early.json().instalment.amount.replace('.', ''));
    expect(await balances()).toEqual({ primary: before.primary, second: before.second - first });
    expect(await rowOf('loan_repayment', id)).toMatchObject({ customer_id: h.owner.id, account_id: h.second.ledgerAccountId });

    // The daily run collects the second instalment (due 2026-03-15) from the same account.
    before = await balances();
    t.app.clock.set(day('2026-03-15'));
    await t.app.jobs.enqueue(t.app.db, COLLECT_TASK, {});
    await t.app.jobs.drain();
    const schedule = (await loansOf(t.app, h.joint.session, h.joint.id))[0].schedule;
    expect(schedule.slice(0, 3).map((i) => i.status)).toEqual(['paid', 'paid', 'due']);
    const second = BigInt(schedule[1].amount.replace('.', ''));
    expect(await balances()).toEqual({ primary: before.primary, second: before.second - second });
    expect((await t.app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE id = $1`, [jointOwn.id]))[0].b).toBe(jointOwn.b);
    await expectLedgerConsistent(t.app);
  });

  it('refuses early repayment by a borrower who no longer holds the account', async () => {
    const res = await apply(h.joint.session, { accountId: h.second.id });
    const id = res.json().loan.id as string;
    await approveLoan(t.app, h.staff, id);
    await t.app.db.query(`UPDATE account_holders SET status = 'removed' WHERE account_id = $1 AND customer_id = $2`, [h.second.id, h.joint.id]);
    try {
      const refused = await t.app.inject({ method: 'POST', url: `/v1/loan/${id}/pay-next`, headers: h.joint.session.headers, payload: { pin: '2468' } });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe('Account not found');
    } finally {
      await t.app.db.query(`UPDATE account_holders SET status = 'active' WHERE account_id = $1 AND customer_id = $2`, [h.second.id, h.joint.id]);
    }
  });

  it('refuses a dependant (403, the roles message), a stranger (404) and a malformed id (400), recording nothing', async () => {
    const dependant = await apply(h.dependant.session, { accountId: h.second.id });
    expect(dependant.statusCode).toBe(403);
    expect(dependant.json()).toEqual({ success: false, error: BORROW_REFUSAL, errors: { accountId: BORROW_REFUSAL } });
    for (const [session, id] of [
      [h.stranger.session, h.second.id],
      [h.dependant.session, h.primary.id],
      [h.owner.session, NO_SUCH_ACCOUNT],
    ] as const) {
      const res = await apply(session, { accountId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Account not found' });
    }
    const bad = await apply(h.owner.session, { accountId: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ accountId: expect.any(String) });
    const malformed = await apply(h.owner.session, { accountId: 'savings' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ accountId: 'accountId must be the id of one of your accounts' });
    expect(await t.app.db.query(`SELECT 1 FROM loans WHERE customer_id IN ($1, $2)`, [h.dependant.id, h.stranger.id])).toEqual([]);
  });
});
