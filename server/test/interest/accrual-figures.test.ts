// The end of day's interest against figures worked out by hand (docs/decisions/0063-interest.md): a day's interest is
// balance x rate / days in the year, per tier, kept to 10 decimal places of a cent; a month's is paid on the first of
// the next, rounded down to the cent, and the fraction stays accrued. Each case runs its own business dates, later
// than the ones before, from today on.
import { createTestApp, type TestApp } from '../helpers/test-app';
import { accrualOf, interestPaid, moveMoney, runDays, savingsAccount, setDayCount, setRates } from './interest-fixtures';

describe('interest accrued daily and paid monthly, to the cent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pays 31.00 for March on 10,000.00 at 3.65% actual/365 (1.00 a day), and keeps nothing over', async () => {
    await setRates(t.app, 'savings', '2027-03-01', [[0, '3.65']]);
    const account = await savingsAccount(t.app);
    await moveMoney(t.app, account, 1_000_000n);
    await runDays(t.app, '2027-03-01', '2027-03-30');
    expect(await accrualOf(t.app, account.id)).toEqual({ accruedMinor: '3000.0000000000', accruedThrough: '2027-03-30' });
    await runDays(t.app, '2027-03-31', '2027-03-31');
    expect(await interestPaid(t.app, account)).toEqual([{ amountMinor: '3100', description: 'Interest for March 2027 at 3.65%' }]);
    expect(await accrualOf(t.app, account.id)).toEqual({ accruedMinor: '0.0000000000', accruedThrough: '2027-03-31' });
  });

  it('pays 31.43 at actual/360 (31.4305... rounded down) and carries the 0.0555... of a cent', async () => {
    await setDayCount(t.app, 'savings', 'actual/360');
    try {
      const account = await savingsAccount(t.app);
      await moveMoney(t.app, account, 1_000_000n);
      await runDays(t.app, '2027-05-01', '2027-05-31');
      expect(await interestPaid(t.app, account)).toEqual([{ amountMinor: '3143', description: 'Interest for May 2027 at 3.65%' }]);
      // 101.3888888889 a day (10,000.00 x 3.65% / 360, in cents) x 31 = 3143.0555555559.
      expect((await accrualOf(t.app, account.id)).accruedMinor).toBe('0.0555555559');
    } finally {
      await setDayCount(t.app, 'savings', 'actual/365');
    }
  });

  it('accrues at the rate in force each day when the rate changes mid-month', async () => {
    await setRates(t.app, 'savings', '2027-07-01', [[0, '3.65']]);
    await setRates(t.app, 'savings', '2027-07-16', [[0, '7.30']]);
    const account = await savingsAccount(t.app);
    await moveMoney(t.app, account, 1_000_000n);
    await runDays(t.app, '2027-07-01', '2027-07-31');
    // 15 days at 1.00 and 16 at 2.00.
    expect(await interestPaid(t.app, account)).toEqual([{ amountMinor: '4700', description: 'Interest for July 2027 at 3.65% to 7.30%' }]);
  });

  it('pays each tier its rate on the part of the balance inside it, as the balance crosses a tier mid-month', async () => {
    await setRates(t.app, 'savings', '2027-09-01', [
      [0, '1.825'],
      [1_000_000, '3.65'],
    ]);
    const account = await savingsAccount(t.app);
    await moveMoney(t.app, account, 500_000n);
    await runDays(t.app, '2027-09-01', '2027-09-10');
    await moveMoney(t.app, account, 1_500_000n);
    await runDays(t.app, '2027-09-11', '2027-09-30');
    // 10 days of 5,000.00 at 1.825% (0.25 a day), then 20 days of 20,000.00: 10,000.00 at 1.825% and 10,000.00 at 3.65% (1.50 a day).
    expect(await interestPaid(t.app, account)).toEqual([{ amountMinor: '3250', description: 'Interest for September 2027 at 1.825% to 3.65%' }]);
  });

  it('accrues an account opened on the 17th from that day only', async () => {
    await setRates(t.app, 'savings', '2027-11-01', [[0, '3.65']]);
    await runDays(t.app, '2027-11-01', '2027-11-16');
    const account = await savingsAccount(t.app);
    await moveMoney(t.app, account, 1_000_000n);
    await runDays(t.app, '2027-11-17', '2027-11-30');
    expect(await interestPaid(t.app, account)).toEqual([{ amountMinor: '1400', description: 'Interest for November 2027 at 3.65%' }]);
  });

  it('counts the 29th of February of a leap year as a day like any other at actual/365', async () => {
    await setRates(t.app, 'savings', '2028-02-01', [[0, '3.65']]);
    const account = await savingsAccount(t.app);
    await moveMoney(t.app, account, 1_000_000n);
    await runDays(t.app, '2028-02-01', '2028-02-29');
    expect(await interestPaid(t.app, account)).toEqual([{ amountMinor: '2900', description: 'Interest for February 2028 at 3.65%' }]);
  });

  it('keeps accruing a balance of 0.01 for a year, paying nothing until a whole cent has accrued', async () => {
    await setRates(t.app, 'savings', '2028-04-01', [[0, '3.65']]);
    const account = await savingsAccount(t.app);
    await moveMoney(t.app, account, 1n);
    await runDays(t.app, '2028-04-01', '2029-03-31');
    // 0.0001 of a cent a day for 365 days.
    expect(await accrualOf(t.app, account.id)).toEqual({ accruedMinor: '0.0365000000', accruedThrough: '2029-03-31' });
    expect(await interestPaid(t.app, account)).toEqual([]);
  });
});
