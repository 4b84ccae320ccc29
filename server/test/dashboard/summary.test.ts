import { isoDayIn } from '../../src/common/calendar-days';
import { insertCredits } from '../helpers/credits';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /v1/dashboard/summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A new customer with `count` credits booked within the last second, `<prefix>1` the newest. */
  async function customerWithHistory(prefix: string, count: number) {
    const c = await approvedCustomer(t.app);
    await insertCredits(t.app, c.id, { prefix, count, apart: '1 millisecond' });
    return c;
  }

  it('counts a history of 1,000 exactly and a longer one as 1,000 and more, with its latest three and its flows', async () => {
    const thousand = await customerWithHistory('DASHK', 1000);
    const exactly = (await t.app.inject({ method: 'GET', url: '/v1/dashboard/summary', headers: { cookie: thousand.session.cookie } })).json();
    expect(exactly.counts).toEqual({ cards: 0, cryptoAssets: 0, transactions: 1000, transactionsCapped: false });

    const longer = await customerWithHistory('DASHL', 1001);
    const capped = (await t.app.inject({ method: 'GET', url: '/v1/dashboard/summary', headers: { cookie: longer.session.cookie } })).json();
    expect(capped.counts).toEqual({ cards: 0, cryptoAssets: 0, transactions: 1000, transactionsCapped: true });
    expect(capped.recent.map((item: { reference: string }) => item.reference)).toEqual(['DASHL1', 'DASHL2', 'DASHL3']);
    // 1.01 + 1.02 + ... + 11.01
    expect(capped.inflow.amount).toBe('6016.01');
    expect(capped.series[29].in).toBe('6016.01');
  });

  it("draws the 30 days in the customer's calendar: a credit just after midnight in Auckland is on that day's bar there", async () => {
    const c = await approvedCustomer(t.app);
    await insertCredits(t.app, c.id, { prefix: 'DASHTZ', count: 1, apart: '1 millisecond' });
    // Half past midnight today in Auckland: yesterday in UTC, and in the UTC series one bar earlier.
    await t.app.db.query(
      `UPDATE transactions SET created_at = date_trunc('day', now() AT TIME ZONE 'Pacific/Auckland') AT TIME ZONE 'Pacific/Auckland' + interval '30 minutes' WHERE customer_id = $1`,
      [c.id],
    );
    const [{ at }] = await t.app.db.query(`SELECT created_at AS at FROM transactions WHERE customer_id = $1`, [c.id]);
    const summary = async (timeZone: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/dashboard/summary?timeZone=${encodeURIComponent(timeZone)}`, headers: { cookie: c.session.cookie } })).json();
    const auckland = await summary('Pacific/Auckland');
    expect(auckland.series).toHaveLength(30);
    expect(auckland.series[29]).toEqual({ date: isoDayIn(new Date(), 'Pacific/Auckland'), in: '1.01', out: '0.00' });
    const utc = await summary('UTC');
    const utcDay = isoDayIn(at as Date, 'UTC');
    expect(utc.series.find((day: { date: string }) => day.date === utcDay)).toEqual({ date: utcDay, in: '1.01', out: '0.00' });
    expect(utc.series[29].date).toBe(isoDayIn(new Date(), 'UTC'));
    const refused = await t.app.inject({ method: 'GET', url: '/v1/dashboard/summary?timeZone=Nowhere%2FSpecial', headers: { cookie: c.session.cookie } });
    expect(refused.json()).toEqual({
      success: false,
      error: 'timeZone must be a time zone name such as Europe/London',
      errors: { timeZone: 'timeZone must be a time zone name such as Europe/London' },
    });
  });

  it('answers a customer with nothing booked with zeros and no latest', async () => {
    const c = await approvedCustomer(t.app);
    const body = (await t.app.inject({ method: 'GET', url: '/v1/dashboard/summary', headers: { cookie: c.session.cookie } })).json();
    expect(body).toMatchObject({ success: true, balance: '0.00', currency: 'USD', counts: { transactions: 0, transactionsCapped: false }, recent: [] });
    expect(body.series).toHaveLength(30);
    expect(body.inflow).toEqual({ amount: '0.00', changePct: null });
  });
});
