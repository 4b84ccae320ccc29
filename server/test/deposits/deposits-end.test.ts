// How term deposits end (docs/decisions/0063-interest.md): withdrawn early less the last 30 days' interest, paid out at
// maturity to the cent of the interest quoted, or renewed with the interest added at the rate in force then. The
// deposits open today and the end of day runs every business date from today on, as it will.
import { addMonthsIso } from '@strongroom/shared';
import { addDays } from '../../src/common/business-date';
import { matureDeposit } from '../../src/modules/deposits';
import { createTestApp, lastMail, staffSession, type TestApp } from '../helpers/test-app';
import { household, ledgerBalance, type Household } from '../transactions/held-accounts';
import { historyOf, ledgerOf, openDeposit, runDays, termInterest, today, unbalancedJournals, withdraw, type DepositAnswer } from './deposit-fixtures';

const minor = (amount: string) => BigInt(amount.replace('.', ''));

describe('term deposits ending', () => {
  let t: TestApp;
  let h: Household;
  let start: string;
  const d = {} as Record<'early' | 'young' | 'matures' | 'renews' | 'sourceCloses', DepositAnswer>;

  beforeAll(async () => {
    t = await createTestApp({ fourEyesThreshold: '1000000.00' });
    h = await household(t.app, { funded: '80000.00', secondFunded: '2000.00' });
    start = today(t.app);
    d.early = await openDeposit(t.app, h.owner.session, h.primary.id, '10000.00', 6);
    d.young = await openDeposit(t.app, h.owner.session, h.primary.id, '5000.00', 12);
    d.matures = await openDeposit(t.app, h.owner.session, h.primary.id, '10000.00', 3);
    d.renews = await openDeposit(t.app, h.owner.session, h.primary.id, '20000.00', 3);
    d.sourceCloses = await openDeposit(t.app, h.owner.session, h.second.id, '1500.00', 3);
    const renew = await t.app.inject({ method: 'PATCH', url: `/v1/deposits/${d.renews.id}`, headers: h.owner.session.headers, payload: { renew: true } });
    expect(renew.json().deposit.renew).toBe(true);
    // The 3-month rate from the first renewal on.
    const [{ id }] = await t.app.db.query(`INSERT INTO rate_changes (product, term_months, effective_from, reason) VALUES ('fixed_deposit', 3, $1::date, 'test') RETURNING id`, [
      addDays(d.renews.maturityDate, -3),
    ]);
    await t.app.db.query(`INSERT INTO rate_tiers (change_id, from_minor, rate_percent) VALUES ($1, 0, '3.6500')`, [id]);
  });
  afterAll(() => t.close());

  it('withdraws early: the interest accrued less the last 30 days, to the cent, and closes the deposit', async () => {
    await runDays(t.app, start, addDays(start, 39));
    const quote = await t.app.inject({ method: 'POST', url: `/v1/deposits/${d.early.id}/withdrawal-quote`, headers: h.owner.session.headers });
    expect(quote.statusCode).toBe(200);
    // 10,000.00 at 3.50% / 365 = 95.8904109589 cents a day: 40 days accrued 3835.6164383560, the last 30 days' 2876.7123287670
    // are forfeited, and floor(958.904109589) = 958 cents are paid.
    expect(quote.json()).toMatchObject({ principal: '10000.00', accruedInterest: '38.35', forfeit: '28.77', forfeitDays: 30, interest: '9.58', payout: '10009.58' });

    const before = BigInt(await ledgerBalance(t.app, h.primary.ledgerAccountId));
    const wrongPin = await withdraw(t.app, h.owner.session, d.early.id, '1111');
    expect(wrongPin.statusCode).toBe(400);
    const dependant = await withdraw(t.app, h.dependant.session, d.early.id);
    expect(dependant.statusCode).toBe(404);
    const res = await withdraw(t.app, h.owner.session, d.early.id, undefined, `withdraw-${d.early.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payout: '10009.58', forfeit: '28.77', paidToAccountId: h.primary.id, deposit: { status: 'withdrawn', interestPaid: '9.58', forfeited: '28.77' } });
    expect(BigInt(await ledgerBalance(t.app, h.primary.ledgerAccountId))).toBe(before + 1_000_958n);

    const depositLedger = await ledgerOf(t.app, d.early.id);
    expect(await ledgerBalance(t.app, depositLedger)).toBe('0');
    const [account] = await t.app.db.query(`SELECT a.status, l.closed FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id WHERE a.id = $1`, [d.early.id]);
    expect(account).toEqual({ status: 'closed', closed: true });
    expect(await t.app.db.query(`SELECT 1 FROM interest_accruals WHERE account_id = $1`, [d.early.id])).toEqual([]);
    expect(await unbalancedJournals(t.app)).toBe(0);
    // The books: what the ledger owes as interest payable is what stays accrued, rounded down.
    const [books] = await t.app.db.query(`SELECT floor(accrued_minor)::text AS accrued, booked_minor::text AS booked FROM interest_books WHERE currency = 'USD'`);
    expect(books.booked).toBe(books.accrued);

    // The same Idempotency-Key answers as the first time and pays nothing more; a new request finds it ended.
    const replay = await withdraw(t.app, h.owner.session, d.early.id, undefined, `withdraw-${d.early.id}`);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().payout).toBe('10009.58');
    expect(BigInt(await ledgerBalance(t.app, h.primary.ledgerAccountId))).toBe(before + 1_000_958n);
    const again = await withdraw(t.app, h.owner.session, d.early.id);
    expect(again.statusCode).toBe(409);
  });

  it('pays only the principal when the forfeit is more than what accrued (never less than nothing)', async () => {
    // `young` has accrued 40 days: a forfeit of 60 days' interest is capped at those 40.
    await t.app.db.query(`UPDATE deposit_products SET forfeit_days = 60 WHERE code = 'fixed_deposit'`);
    try {
      const quote = await t.app.inject({ method: 'POST', url: `/v1/deposits/${d.young.id}/withdrawal-quote`, headers: h.owner.session.headers });
      expect(quote.json()).toMatchObject({ principal: '5000.00', interest: '0.00', payout: '5000.00', forfeitDays: 60 });
      expect(quote.json().forfeit).toBe(quote.json().accruedInterest);
      const res = await withdraw(t.app, h.owner.session, d.young.id);
      expect(res.json()).toMatchObject({ payout: '5000.00', deposit: { status: 'withdrawn', interestPaid: '0.00' } });
    } finally {
      await t.app.db.query(`UPDATE deposit_products SET forfeit_days = 30 WHERE code = 'fixed_deposit'`);
    }
  });

  it('pays principal and the interest quoted at maturity to the cent, renews the one that renews, and pays to the primary when the source closed', async () => {
    // The source of `sourceCloses` closes, its balance moved to the primary account.
    const close = await t.app.inject({
      method: 'POST',
      url: `/v1/accounts/${h.second.id}/close`,
      headers: { ...h.owner.session.headers, 'idempotency-key': `close-${h.second.id}` },
      payload: { sweepToAccountId: h.primary.id },
    });
    expect(close.statusCode).toBe(200);

    expect(d.matures.maturityDate).toBe(addMonthsIso(start, 3));
    const expected = await termInterest(t.app, '1000000', '3', start, d.matures.maturityDate);
    expect(minor(d.matures.expectedInterest)).toBe(BigInt(expected));
    await runDays(t.app, addDays(start, 40), addDays(d.matures.maturityDate, -2));
    expect((await t.app.inject({ method: 'GET', url: `/v1/deposits/${d.matures.id}`, headers: h.owner.session.headers })).json().deposit.status).toBe('active');

    await runDays(t.app, addDays(d.matures.maturityDate, -1), addDays(d.matures.maturityDate, -1));
    const paid = await historyOf(t.app, h.primary.ledgerAccountId, 'term_deposit');
    const payout = paid.filter((row) => row.type === 'credit');
    expect(payout.map((row) => row.amountMinor)).toEqual(expect.arrayContaining([(1_000_000n + BigInt(expected)).toString(), (150_000n + minor(d.sourceCloses.expectedInterest)).toString()]));
    const matured = (await t.app.inject({ method: 'GET', url: `/v1/deposits/${d.matures.id}`, headers: h.owner.session.headers })).json().deposit;
    expect(matured).toMatchObject({ status: 'matured', interestPaid: d.matures.expectedInterest });
    const [journal] = await t.app.db.query(
      `SELECT metadata->>'valueDate' AS "valueDate" FROM journals WHERE kind = 'term_deposit' AND metadata->>'depositAccountId' = $1 AND metadata->>'reason' = 'matured'`,
      [d.matures.id],
    );
    expect(journal.valueDate).toBe(d.matures.maturityDate);
    expect((await lastMail(t.app, h.owner.email as string)).subject).toMatch(/term deposit has (matured|renewed)/);

    // Renewed: the interest added to the principal, the same term again from the maturity date at 3.65%.
    const renewed = (await t.app.inject({ method: 'GET', url: `/v1/deposits/${d.renews.id}`, headers: h.owner.session.headers })).json().deposit;
    const principal = 2_000_000n + minor(d.renews.expectedInterest);
    expect(renewed).toMatchObject({ status: 'active', renewals: 1, rate: '3.65', startDate: d.renews.maturityDate, maturityDate: addMonthsIso(d.renews.maturityDate, 3) });
    expect(minor(renewed.principal)).toBe(principal);
    expect(await ledgerBalance(t.app, await ledgerOf(t.app, d.renews.id))).toBe(principal.toString());

    // It accrues on the new principal at the new rate from the maturity date.
    await runDays(t.app, d.renews.maturityDate, addDays(d.renews.maturityDate, 9));
    const [accrual] = await t.app.db.query(`SELECT s.accrued_minor = 10 * daily_interest_minor($2::numeric, 3.65, 365) AS exact FROM interest_accruals s WHERE s.account_id = $1`, [
      d.renews.id,
      principal.toString(),
    ]);
    expect(accrual.exact).toBe(true);
    expect(await unbalancedJournals(t.app)).toBe(0);

    // Maturing again is idempotent: an active deposit not due answers false and changes nothing.
    expect(await matureDeposit(t.app, d.renews.id, d.renews.maturityDate)).toBe(false);
    expect(await matureDeposit(t.app, d.matures.id, d.matures.maturityDate)).toBe(false);
  });

  it('lists deposits for staff by maturity date, filtered by status', async () => {
    const auditor = await staffSession(t.app, 'auditor');
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/deposits?sort=${encodeURIComponent('["maturityDate","ASC"]')}&filter=${encodeURIComponent('{"status":"active"}')}`,
      headers: auditor.headers,
    });
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((row: { id: string }) => row.id);
    expect(ids).toContain(d.renews.id);
    expect(ids).not.toContain(d.early.id);
    const show = await t.app.inject({ method: 'GET', url: `/v1/admin/deposits/${d.early.id}`, headers: auditor.headers });
    expect(show.json()).toMatchObject({ id: d.early.id, status: 'withdrawn', customerId: h.owner.id });
    const customer = await t.app.inject({ method: 'GET', url: '/v1/admin/deposits', headers: h.owner.session.headers });
    expect(customer.statusCode).toBe(403);
  });
});
