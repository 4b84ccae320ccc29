import { createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { depositTermRate, ratesInForce, savingsSchedule } from '../../src/modules/products';

const SEEDED_SAVINGS = [
  { from: '0.00', ratePercent: '1.50' },
  { from: '10000.00', ratePercent: '2.25' },
];

describe('the deposit catalogue: GET /v1/products', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
  });
  afterAll(() => t.close());
  afterEach(() => t.app.clock.set(null));

  const products = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/products' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { date: string; items: { code: string; tiers: unknown[]; terms: unknown[]; scheduled: unknown[] }[] };
    return { date: body.date, byCode: Object.fromEntries(body.items.map((p) => [p.code, p])) };
  };

  it('answers anyone, without a session, every product with the rates in force today', async () => {
    t.app.clock.set(new Date('2027-03-10T12:00:00Z'));
    const { date, byCode } = await products();
    expect(date).toBe('2027-03-10');
    expect(Object.keys(byCode)).toEqual(['checking', 'savings', 'business', 'fixed_deposit']);
    expect(byCode.checking).toEqual({
      code: 'checking',
      name: 'Current account',
      interestBearing: false,
      dayCount: 'actual/365',
      postingFrequency: 'monthly',
      minimumOpeningAmount: '0.00',
      forfeitDays: null,
      tiers: [],
      terms: [],
      scheduled: [],
    });
    expect(byCode.savings).toMatchObject({ interestBearing: true, tiers: SEEDED_SAVINGS, terms: [], scheduled: [] });
    expect(byCode.fixed_deposit).toMatchObject({
      name: 'Term deposit',
      minimumOpeningAmount: '1000.00',
      forfeitDays: 30,
      tiers: [],
      terms: [
        { termMonths: 3, ratePercent: '3.00' },
        { termMonths: 6, ratePercent: '3.50' },
        { termMonths: 12, ratePercent: '4.00' },
        { termMonths: 24, ratePercent: '4.25' },
      ],
    });
  });

  it('shows a future change as scheduled, and in force from its date in the bank time zone', async () => {
    t.app.clock.set(new Date('2027-03-10T12:00:00Z'));
    const newSavings = [
      { from: '0.00', ratePercent: '1.6' },
      { from: '10000.00', ratePercent: '2.3125' },
    ];
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/admin/rate-changes', headers: admin.headers, payload });
    expect((await post({ product: 'savings', termMonths: 0, effectiveFrom: '2027-03-15', tiers: newSavings, reason: 'Base rate up' })).statusCode).toBe(201);
    expect((await post({ product: 'fixed_deposit', termMonths: 12, effectiveFrom: '2027-04-01', tiers: [{ from: '0.00', ratePercent: '4.1' }], reason: 'Base rate up' })).statusCode).toBe(201);

    const before = (await products()).byCode;
    expect(before.savings.tiers).toEqual(SEEDED_SAVINGS);
    expect(before.savings.scheduled).toEqual([
      {
        effectiveFrom: '2027-03-15',
        termMonths: 0,
        tiers: [
          { from: '0.00', ratePercent: '1.60' },
          { from: '10000.00', ratePercent: '2.3125' },
        ],
      },
    ]);
    expect(before.fixed_deposit.scheduled).toEqual([{ effectiveFrom: '2027-04-01', termMonths: 12, tiers: [{ from: '0.00', ratePercent: '4.10' }] }]);

    // The last minute of the 14th still has the old rates; the first of the 15th the new.
    t.app.clock.set(new Date('2027-03-14T23:59:00Z'));
    expect((await products()).byCode.savings.tiers).toEqual(SEEDED_SAVINGS);
    t.app.clock.set(new Date('2027-03-15T00:00:00Z'));
    const after = (await products()).byCode;
    expect(after.savings.tiers).toEqual([
      { from: '0.00', ratePercent: '1.60' },
      { from: '10000.00', ratePercent: '2.3125' },
    ]);
    expect(after.savings.scheduled).toEqual([]);
    expect(after.fixed_deposit.terms).toContainEqual({ termMonths: 12, ratePercent: '4.00' });
    expect(after.fixed_deposit.scheduled).toHaveLength(1);

    // What other modules read: the rate a deposit opened on a day locks, and the savings schedule.
    expect(await depositTermRate(t.app.db, 12, '2027-03-31')).toBe('4.0000');
    expect(await depositTermRate(t.app.db, 12, '2027-04-01')).toBe('4.1000');
    expect(await depositTermRate(t.app.db, 5, '2027-04-01')).toBeUndefined();
    expect(await savingsSchedule(t.app.db, '2027-03-14')).toEqual([
      { fromMinor: '0', ratePercent: '1.5000' },
      { fromMinor: '1000000', ratePercent: '2.2500' },
    ]);
    expect(await savingsSchedule(t.app.db, '2027-03-15')).toEqual([
      { fromMinor: '0', ratePercent: '1.6000' },
      { fromMinor: '1000000', ratePercent: '2.3125' },
    ]);
    expect((await ratesInForce(t.app.db, '2027-04-01')).map((s) => [s.product, s.term_months])).toEqual([
      ['fixed_deposit', 3],
      ['fixed_deposit', 6],
      ['fixed_deposit', 12],
      ['fixed_deposit', 24],
      ['savings', 0],
    ]);
  });
});

describe("the catalogue's today is the bank's, in its time zone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ bankTimeZone: 'Pacific/Auckland' });
  });
  afterAll(() => t.close());

  it('dates the rates and the earliest change by the business date in BANK_TIME_ZONE, not UTC', async () => {
    // 12:00 UTC on the 14th is already 01:00 on the 15th in Auckland (NZDT, UTC+13).
    t.app.clock.set(new Date('2027-03-14T12:00:00Z'));
    expect((await t.app.inject({ method: 'GET', url: '/v1/products' })).json().date).toBe('2027-03-15');
    const admin = await staffSession(t.app, 'admin');
    const change = (effectiveFrom: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/admin/rate-changes',
        headers: admin.headers,
        payload: { product: 'fixed_deposit', termMonths: 3, effectiveFrom, tiers: [{ from: '0.00', ratePercent: '3.2' }], reason: 'Auckland morning' },
      });
    expect((await change('2027-03-14')).json().errors).toEqual({ effectiveFrom: 'Rates can change from today (2027-03-15) on, never in the past' });
    expect((await change('2027-03-15')).statusCode).toBe(201);
    const deposits = (await t.app.inject({ method: 'GET', url: '/v1/products' })).json().items.find((p: { code: string }) => p.code === 'fixed_deposit');
    expect(deposits.terms[0]).toEqual({ termMonths: 3, ratePercent: '3.20' });
    t.app.clock.set(null);
  });
});
