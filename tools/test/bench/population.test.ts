import { createTestApp, type TestApp } from '../../../server/test/helpers/test-app';
import { POPULATION_FIRST_ACCOUNT_NUMBER, seedPopulation } from '../../src/bench/population';

/** The bench's resting customers: a bank's size of rows that must leave the books and sign-in as they were. */
describe('bench: the population beside the funded customers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // 1,200 customers in chunks of 500: two whole chunks and a part.
    await seedPopulation(t.app.db, 1200, 500);
  });
  afterAll(() => t.close());

  const one = async <T>(sql: string, params: unknown[] = []) => ((await t.app.db.query(sql, params)) as T[])[0];

  it('seeds each customer once, approved, with one empty USD account, numbered from its first account number on', async () => {
    const seeded = await one<Record<string, string>>(
      `SELECT count(*)::text AS customers, count(DISTINCT c.account_number)::text AS numbers, min(c.account_number)::text AS first, max(c.account_number)::text AS last,
              count(*) FILTER (WHERE c.status = 'approved')::text AS approved, count(a.id)::text AS accounts,
              count(*) FILTER (WHERE a.balance_minor = 0 AND a.currency = 'USD' AND a.kind = 'customer')::text AS empty_usd
         FROM customers c LEFT JOIN ledger_accounts a ON a.customer_id = c.id WHERE c.first_name = 'Resting'`,
    );
    expect(seeded).toEqual({
      customers: '1200',
      numbers: '1200',
      first: String(POPULATION_FIRST_ACCOUNT_NUMBER),
      last: String(POPULATION_FIRST_ACCOUNT_NUMBER + 1199),
      approved: '1200',
      accounts: '1200',
      empty_usd: '1200',
    });
    expect((await one<{ total: string }>(`SELECT coalesce(sum(balance_minor), 0)::text AS total FROM ledger_accounts`)).total).toBe('0');
  });

  it('signs none of them in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: String(POPULATION_FIRST_ACCOUNT_NUMBER), password: 'Resting@2026!' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });
});
