// Opening a term deposit (docs/decisions/0063-interest.md): the quote, the PIN, the rate locked, one balanced journal
// from the source account into the deposit's own; and everything opening refuses.
import { randomUUID } from 'node:crypto';
import { addMonthsIso } from '@strongroom/shared';
import { approvedCustomer, createTestApp, staffSession, type TestApp } from '../helpers/test-app';
import { household, ledgerBalance, NO_SUCH_ACCOUNT, openSecondAccount, type Household } from '../transactions/held-accounts';
import { historyOf, ledgerOf, open, openDeposit, quote, termInterest, today, unbalancedJournals } from './deposit-fixtures';

describe('opening a term deposit', () => {
  let t: TestApp;
  let h: Household;
  beforeAll(async () => {
    // Funding above the four-eyes threshold would wait for a second admin.
    t = await createTestApp({ fourEyesThreshold: '1000000.00' });
    h = await household(t.app, { funded: '50000.00', secondFunded: '3000.00' });
  });
  afterAll(() => t.close());

  it('quotes the rate of the term in force today, the maturity date and the interest to expect, then opens it as quoted', async () => {
    const q = await quote(t.app, h.owner.session, { sourceAccountId: h.primary.id, amount: '10000.00', termMonths: 6 });
    expect(q.statusCode).toBe(200);
    const start = today(t.app);
    const maturity = addMonthsIso(start, 6);
    const interest = await termInterest(t.app, '1000000', '3.5', start, maturity);
    expect(q.json()).toMatchObject({ success: true, currency: 'USD', principal: '10000.00', termMonths: 6, rate: '3.50', startDate: start, maturityDate: maturity });
    expect(q.json().expectedInterest).toBe((Number(interest) / 100).toFixed(2));

    const before = BigInt(await ledgerBalance(t.app, h.primary.ledgerAccountId));
    const res = await open(t.app, h.owner.session, { sourceAccountId: h.primary.id, amount: '10000.00', termMonths: 6 });
    expect(res.statusCode).toBe(201);
    const deposit = res.json().deposit;
    expect(deposit).toMatchObject({ name: 'Term deposit 6 months', status: 'active', principal: '10000.00', rate: '3.50', maturityDate: maturity, renew: false, sourceAccountId: h.primary.id });
    expect(deposit.expectedInterest).toBe(q.json().expectedInterest);

    expect(BigInt(await ledgerBalance(t.app, h.primary.ledgerAccountId))).toBe(before - 1_000_000n);
    const depositLedger = await ledgerOf(t.app, deposit.id);
    expect(await ledgerBalance(t.app, depositLedger)).toBe('1000000');
    expect(await historyOf(t.app, h.primary.ledgerAccountId, 'term_deposit')).toEqual([{ type: 'debit', amountMinor: '1000000', description: 'To Term deposit 6 months' }]);
    expect(await historyOf(t.app, depositLedger, 'term_deposit')).toEqual([expect.objectContaining({ type: 'credit', amountMinor: '1000000' })]);
    expect(await unbalancedJournals(t.app)).toBe(0);

    const [row] = await t.app.db.query(`SELECT rate_percent::text AS rate, start_date::text AS start, product FROM term_deposits d JOIN accounts a ON a.id = d.account_id WHERE d.account_id = $1`, [
      deposit.id,
    ]);
    expect(row).toEqual({ rate: '3.5000', start, product: 'fixed_deposit' });

    const list = await t.app.inject({ method: 'GET', url: '/v1/deposits', headers: h.owner.session.headers });
    expect(list.json().deposits.map((d: { id: string }) => d.id)).toContain(deposit.id);
  });

  it('keeps the locked rate when the rate of the term changes later', async () => {
    const deposit = await openDeposit(t.app, h.owner.session, h.primary.id, '2000.00', 12);
    await t.app.db
      .query(`INSERT INTO rate_changes (product, term_months, effective_from, reason) VALUES ('fixed_deposit', 12, $1::date, 'test') RETURNING id`, [today(t.app)])
      .then(([{ id }]) => t.app.db.query(`INSERT INTO rate_tiers (change_id, from_minor, rate_percent) VALUES ($1, 0, '5.0000')`, [id]));
    const got = await t.app.inject({ method: 'GET', url: `/v1/deposits/${deposit.id}`, headers: h.owner.session.headers });
    expect(got.json().deposit.rate).toBe('4.00');
    const q = await quote(t.app, h.owner.session, { sourceAccountId: h.primary.id, amount: '2000.00', termMonths: 12 });
    expect(q.json().rate).toBe('5.00');
  });

  it('answers a replay of the same Idempotency-Key with the first answer and opens one deposit', async () => {
    const key = randomUUID();
    const payload = { sourceAccountId: h.primary.id, amount: '1500.00', termMonths: 3 };
    const first = await open(t.app, h.owner.session, payload, key);
    const again = await open(t.app, h.owner.session, payload, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().deposit.id).toBe(first.json().deposit.id);
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM term_deposits WHERE principal_minor = 150000 AND source_account_id = $1`, [h.primary.id]);
    expect(n).toBe(1);
  });

  it('refuses below the minimum, a term not offered, more than the balance, a stranger, a dependant and a wrong PIN', async () => {
    const refused = async (session = h.owner.session, payload: Record<string, unknown>, pin?: string) => {
      const res = await open(t.app, session, { sourceAccountId: h.second.id, amount: '1000.00', termMonths: 6, ...payload, ...(pin ? { pin } : {}) });
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      return res;
    };
    const below = await refused(undefined, { amount: '999.99' });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors.amount).toMatch(/at least 1,000.00/);
    expect((await refused(undefined, { termMonths: 9 })).statusCode).toBe(400);
    const tooMuch = await refused(undefined, { amount: '3000.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatch(/insufficient|enough/i);
    expect((await refused(h.stranger.session, {})).statusCode).toBe(404);
    expect((await refused(undefined, { sourceAccountId: NO_SUCH_ACCOUNT })).statusCode).toBe(404);
    expect((await refused(h.dependant.session, {})).statusCode).toBe(403);
    const wrongPin = await refused(undefined, {}, '1111');
    expect(wrongPin.statusCode).toBe(400);
    expect(wrongPin.json().errors.pin).toBe('Incorrect PIN');
    expect(await ledgerBalance(t.app, h.second.ledgerAccountId)).toBe('300000');

    // A joint holder may fund one from the shared account.
    const joint = await open(t.app, h.joint.session, { sourceAccountId: h.second.id, amount: '1000.00', termMonths: 3 });
    expect(joint.statusCode).toBe(201);
  });

  it('counts a deposit among the at most 10 open accounts', async () => {
    const staff = await staffSession(t.app);
    const c = await approvedCustomer(t.app, { staff, funded: '5000.00' });
    for (let i = 0; i < 8; i++) await openSecondAccount(t.app, c.id);
    const [primary] = await t.app.db.query(`SELECT id FROM accounts WHERE customer_id = $1 AND is_primary`, [c.id]);
    // The primary and 8 more: the deposit is the tenth, and another would be the eleventh.
    const tenth = await open(t.app, c.session, { sourceAccountId: primary.id, amount: '1000.00', termMonths: 3 });
    expect(tenth.statusCode).toBe(201);
    const eleventh = await open(t.app, c.session, { sourceAccountId: primary.id, amount: '1000.00', termMonths: 3 });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatch(/at most 10 open accounts/);
  });

  it('lets the owner change the renewal choice, and not a dependant or a stranger', async () => {
    const deposit = await openDeposit(t.app, h.owner.session, h.primary.id, '1000.00', 24);
    const patch = (session = h.owner.session, renew: unknown = true) => t.app.inject({ method: 'PATCH', url: `/v1/deposits/${deposit.id}`, headers: session.headers, payload: { renew } });
    const on = await patch();
    expect(on.statusCode).toBe(200);
    expect(on.json().deposit.renew).toBe(true);
    expect((await patch(undefined, false)).json().deposit.renew).toBe(false);
    expect((await patch(h.stranger.session)).statusCode).toBe(404);
    expect((await patch(undefined, 'maybe')).statusCode).toBe(400);
  });

  it('refuses money into or out of a deposit account by any other way, and its closing by the close route', async () => {
    const deposit = await openDeposit(t.app, h.owner.session, h.primary.id, '1000.00', 3);
    const headers = { ...h.owner.session.headers, 'idempotency-key': randomUUID() };
    const out = await t.app.inject({ method: 'POST', url: '/v1/transfer/own', headers, payload: { fromAccountId: deposit.id, toAccountId: h.primary.id, amount: '1.00' } });
    expect(out.statusCode).toBe(409);
    expect(out.json().error).toMatch(/Money leaves a term deposit only at maturity or by early withdrawal/);
    const into = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/own',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { fromAccountId: h.primary.id, toAccountId: deposit.id, amount: '1.00' },
    });
    expect(into.statusCode).toBe(409);
    const close = await t.app.inject({
      method: 'POST',
      url: `/v1/accounts/${deposit.id}/close`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { sweepToAccountId: h.primary.id },
    });
    expect(close.statusCode).toBe(409);
    expect(close.json().error).toMatch(/term deposit/);
    const funding = await quote(t.app, h.owner.session, { sourceAccountId: deposit.id, amount: '1000.00', termMonths: 3 });
    expect(funding.statusCode).toBe(409);
    // A payment by number finds no account there.
    const byNumber = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/same',
      headers: { ...h.owner.session.headers, 'idempotency-key': randomUUID() },
      payload: { recipientAccountNumber: deposit.accountNumber, amount: '1.00', pin: '2468' },
    });
    expect(byNumber.statusCode).toBe(404);
    expect(await ledgerBalance(t.app, await ledgerOf(t.app, deposit.id))).toBe('100000');
  });
});
