import { createTestApp, type TestApp } from '../../../server/test/helpers/test-app';
import { SAVERS_FIRST_ACCOUNT_NUMBER, seedSavers } from '../../src/bench/end-of-day-population';
import { describeDate, endOfDayDates, measureBusinessDate } from '../../src/bench/end-of-day';

/** The bench's end of day, at a tiny scale: savers made set-wise must be valid accounts, and a date's run is measured. */
describe('bench: the end of day over savings accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // 12 accounts, 5 + 5 + 2, in two calls (the second goes on from the first) and a chunk a saver.
    await seedSavers(t.app.db, 10, { chunkSavers: 1 });
    await seedSavers(t.app.db, 12, { fromAccount: 10, chunkSavers: 1 });
  });
  afterAll(() => t.close());

  const one = async <T>(sql: string, params: unknown[] = []) => ((await t.app.db.query(sql, params)) as T[])[0];

  it('seeds savings accounts, five a saver, each with its own funded ledger account, and the books still balance', async () => {
    const seeded = await one<Record<string, string>>(
      `SELECT count(DISTINCT c.id)::text AS savers, count(a.id)::text AS accounts, count(*) FILTER (WHERE a.is_primary)::text AS primaries,
              count(*) FILTER (WHERE a.product = 'savings' AND a.status = 'active' AND l.secondary_account = NOT a.is_primary)::text AS valid,
              count(*) FILTER (WHERE l.balance_minor > 0)::text AS funded
         FROM customers c JOIN accounts a ON a.customer_id = c.id JOIN ledger_accounts l ON l.id = a.ledger_account_id
        WHERE c.account_number >= $1`,
      [String(SAVERS_FIRST_ACCOUNT_NUMBER)],
    );
    expect(seeded).toEqual({ savers: '3', accounts: '12', primaries: '3', valid: '12', funded: '12' });
    const drift = await one<{ count: string }>(
      `SELECT count(*)::text AS count FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) s FROM postings GROUP BY account_id) p ON p.account_id = a.id
        WHERE a.balance_minor <> coalesce(p.s, 0)`,
    );
    expect(drift.count).toBe('0');
    expect((await one<{ total: string }>(`SELECT sum(balance_minor)::text AS total FROM ledger_accounts`)).total).toBe('0');
  });

  it('runs an ordinary date and a month end over them and reads what each wrote', async () => {
    const dates = endOfDayDates(new Date('2027-03-15T12:00:00Z'));
    expect([dates.beforeMonthEnd, dates.monthEnd, dates.afterMonthEnd(1), dates.afterMonthEnd(2)]).toEqual(['2027-04-29', '2027-04-30', '2027-05-01', '2027-05-02']);
    const now = endOfDayDates(new Date());
    await t.app.db.query(`SELECT start_interest_accruals($1::date, 'UTC')`, [now.monthEnd]);
    const monthEnd = await measureBusinessDate(t.app.db, now.monthEnd, { startAfterCheckpoint: false });
    expect(monthEnd).toMatchObject({ businessDate: now.monthEnd, accrued: 12 });
    // A day's interest on the smallest balances is less than a cent: those accounts are paid next month.
    expect(monthEnd.posted).toBeGreaterThan(0);
    const paid = await one<{ count: string }>(`SELECT count(*)::text AS count FROM journals WHERE kind = 'interest'`);
    expect(paid.count).toBe(String(monthEnd.posted));
    const ordinary = await measureBusinessDate(t.app.db, now.afterMonthEnd(1));
    expect(ordinary).toMatchObject({ businessDate: now.afterMonthEnd(1), accrued: 12, posted: 0, updates: 12 });
    expect(ordinary.walBytes).toBeGreaterThan(0);
    expect(describeDate('ordinary', ordinary, { budgeted: true })[1]).toMatch(/MB per 10,000 accounts \(budget 2\.00 MB, (met|missed)\)/);
  });
});
