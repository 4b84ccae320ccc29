// GET /v1/accounts/{id}/interest: what an account earns (docs/decisions/0063-interest.md), after the end of day has
// run real business dates on it. The dates run are today's and later ones (none has ended yet), so each day accrues
// on the balance the account has now.
import { addDays, businessDateOf } from '../../src/common/business-date';
import { withTransaction } from '../../src/db/transaction';
import { openFurtherAccount } from '../../src/modules/accounts';
import { createTestApp, type Session, type TestApp } from '../helpers/test-app';
import { household, NO_SUCH_ACCOUNT, type Household } from '../transactions/held-accounts';
import { moveMoney, runDays, ZONE } from '../interest/interest-fixtures';

const interestOf = async (t: TestApp, session: Session, accountId: string) => t.app.inject({ method: 'GET', url: `/v1/accounts/${accountId}/interest`, headers: session.headers });

/**
 * A day's interest in ten-thousand-millionths of a cent, rounded half up to 10 places as accrue_interest does, from
 * the balance weighted by rates in hundredths of a percent (each tier's part x its rate x 100).
 */
const dailyScaled = (weightedMinorHundredths: bigint, daysInYear: bigint) => {
  const numerator = weightedMinorHundredths * 10n ** 10n;
  const denominator = 100n * 100n * daysInYear;
  return (2n * numerator + denominator) / (2n * denominator);
};

const lastDayOfMonth = (isoDate: string) => {
  const [year, month] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

describe('GET /v1/accounts/{id}/interest', () => {
  let t: TestApp;
  let h: Household;
  const today = businessDateOf(new Date(), ZONE);
  const monthEnd = lastDayOfMonth(today);
  const third = addDays(monthEnd, 3);

  beforeAll(async () => {
    t = await createTestApp();
    h = await household(t.app);
    // 15,000.00: 10,000.00 at 1.50% and 5,000.00 at 2.25% (the rates the bank opened with).
    await moveMoney(t.app, h.second, 1_500_000n);
    await runDays(t.app, today, third);
  });
  afterAll(() => t.close());

  it('shows a savings account its tiers, the tier its balance reaches, this month so far and this year, to the cent', async () => {
    const daily = dailyScaled(1_000_000n * 150n + 500_000n * 225n, 365n);
    const days = BigInt((Date.parse(monthEnd) - Date.parse(today)) / 86_400_000 + 1);
    const monthScaled = daily * days;
    const paidMinor = monthScaled / 10n ** 10n;
    // The month's interest is paid on the 1st and earns from then on (compounding): the next days accrue on it too.
    const nextDaily = dailyScaled(1_000_000n * 150n + (500_000n + paidMinor) * 225n, 365n);
    const accruedScaled = monthScaled - paidMinor * 10n ** 10n + 3n * nextDaily;
    const cents = (scaled: bigint) => `${scaled / 10n ** 12n}.${((scaled / 10n ** 10n) % 100n).toString().padStart(2, '0')}`;
    const exact = `${cents(accruedScaled)}${(accruedScaled % 10n ** 10n).toString().padStart(10, '0')}`;

    const res = await interestOf(t, h.owner.session, h.second.id);
    expect(res.statusCode).toBe(200);
    const { interest } = res.json();
    expect(interest).toMatchObject({
      accountId: h.second.id,
      product: 'savings',
      currency: 'USD',
      earnsInterest: true,
      productName: 'Savings account',
      dayCount: 'actual/365',
      paidOn: 'monthly',
      asOf: today,
      rates: [
        { from: '0.00', to: '9999.99', ratePercent: '1.50' },
        { from: '10000.00', to: null, ratePercent: '2.25' },
      ],
      currentRate: { from: '10000.00', to: null, ratePercent: '2.25' },
      accrued: cents(accruedScaled),
      accruedExact: exact,
      accruedThrough: third,
      paidThisYear: cents(paidMinor * 10n ** 10n),
      year: Number(today.slice(0, 4)),
      termDeposit: null,
    });
    const month = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
    expect(interest.lastPayments).toEqual([
      {
        reference: expect.stringMatching(/^INT/),
        amount: cents(paidMinor * 10n ** 10n),
        description: `Interest for ${month} at 1.50% to 2.25%`,
        period: today.slice(0, 7),
        paidAt: expect.any(String),
      },
    ]);
    // What was paid is on the account: its balance is the 15,000.00 and the interest.
    const [{ balance }] = await t.app.db.query(`SELECT balance_minor::text AS balance FROM ledger_accounts WHERE id = $1`, [h.second.ledgerAccountId]);
    expect(BigInt(balance)).toBe(1_500_000n + paidMinor);
  });

  it('says a current account earns no interest', async () => {
    const res = await interestOf(t, h.owner.session, h.primary.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().interest).toEqual({ accountId: h.primary.id, product: 'checking', currency: 'USD', earnsInterest: false });
  });

  it('answers a joint holder and a family member as the owner, and a stranger as if the account did not exist', async () => {
    const owner = (await interestOf(t, h.owner.session, h.second.id)).json();
    for (const holder of [h.joint, h.dependant]) {
      const res = await interestOf(t, holder.session, h.second.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(owner);
    }
    for (const id of [h.second.id, NO_SUCH_ACCOUNT, 'not-an-id']) {
      const res = await interestOf(t, h.stranger.session, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Account not found' });
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/accounts/${h.second.id}/interest` })).statusCode).toBe(401);
  });

  it('shows a term deposit its locked rate, term and maturity', async () => {
    const id = await withTransaction(t.app.db, (m) => openFurtherAccount(m, { customerId: h.owner.id, product: 'fixed_deposit', currency: 'USD', name: 'Term deposit', status: 'active' }));
    await t.app.db.query(
      `INSERT INTO term_deposits (account_id, source_account_id, principal_minor, term_months, rate_percent, start_date, maturity_date)
       VALUES ($1, $2, 500000, 12, 4.0000, $3::date, ($3::date + interval '12 months')::date)`,
      [id, h.primary.id, today],
    );
    const res = await interestOf(t, h.owner.session, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().interest).toMatchObject({
      product: 'fixed_deposit',
      earnsInterest: true,
      paidOn: 'maturity',
      rates: [{ from: '0.00', to: null, ratePercent: '4.00' }],
      currentRate: { from: '0.00', to: null, ratePercent: '4.00' },
      accrued: '0.00',
      accruedExact: '0.000000000000',
      accruedThrough: null,
      paidThisYear: '0.00',
      lastPayments: [],
      termDeposit: { principal: '5000.00', termMonths: 12, ratePercent: '4.00', startDate: today, renew: false, status: 'active', maturityDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
  });
});
