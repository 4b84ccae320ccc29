import type { Queryable } from '../../src/common/sql';
import { adminAccountPage } from '../../src/modules/accounts/accounts-admin.queries';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Customers enough that the planner weighs a scan against an index, each with the primary account a trigger opens. */
const POPULATION_SQL = `
  WITH c AS (
    INSERT INTO customers (account_number, first_name, last_name, email, phone, dob, address, city, state, zipcode, country, occupation, income_range, account_type, currency, password_hash, pin_hash, status, notification_preferences)
    SELECT (8100000000 + g)::text, 'Plan', 'Customer' || g, 'plan' || g || '@example.com', '+1 555 0100', '1980-01-01', '1 Plan Street',
           'Testville', 'CA', '90000', 'US', 'Business / Sales', 'Below $10,000', 'checking', 'USD', 'none', 'none', 'approved', '{}'::jsonb
      FROM generate_series(1, 20000) g
    RETURNING id)
  INSERT INTO ledger_accounts (customer_id, kind, currency) SELECT id, 'customer', 'USD' FROM c`;

/** The staff list of accounts finds the few that are not active, or of a rare product, by an index, not by walking every account. */
describe('GET /v1/admin/accounts: the plans of its filters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.query(POPULATION_SQL);
    await t.app.db.query(`UPDATE accounts SET status = 'frozen', status_reason = 'plan test' WHERE number IN ('8100000007', '8100012345')`);
    await t.ownerQuery('ANALYZE accounts');
  });
  afterAll(() => t.close());

  it('answers status=frozen through accounts_not_active, and finds both frozen accounts', async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = {
      query: (sql: string, params: unknown[] = []) => {
        statements.push({ sql, params });
        return t.app.db.query(sql, params);
      },
    } as unknown as Queryable;
    const page = await adminAccountPage(recording, { status: 'frozen' }, { field: 'id', order: 'DESC' }, { limit: 25, offset: 0 });
    expect(page.items.map((a) => a.number).sort()).toEqual(['8100000007', '8100012345']);
    const [{ 'QUERY PLAN': plan }] = await t.app.db.query(`EXPLAIN (FORMAT JSON) ${statements[0].sql}`, statements[0].params);
    const text = JSON.stringify(plan);
    expect(text).toContain('accounts_not_active');
    expect(text).not.toMatch(/"Node Type":"Seq Scan","Parallel Aware":(true|false),"Async Capable":(true|false),"Relation Name":"accounts"/);
  });

  it('answers product=business newest first through accounts_by_product, not by walking every account', async () => {
    await t.app.db.query(`UPDATE accounts SET product = 'business' WHERE number IN ('8100000011', '8100019999')`);
    await t.ownerQuery('ANALYZE accounts');
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = {
      query: (sql: string, params: unknown[] = []) => {
        statements.push({ sql, params });
        return t.app.db.query(sql, params);
      },
    } as unknown as Queryable;
    const page = await adminAccountPage(recording, { product: 'business' }, { field: 'id', order: 'DESC' }, { limit: 25, offset: 0 });
    expect(page.items.map((a) => a.number)).toEqual(expect.arrayContaining(['8100000011', '8100019999']));
    expect(page.items.every((a) => a.product === 'business')).toBe(true);
    const [{ 'QUERY PLAN': plan }] = await t.app.db.query(`EXPLAIN (FORMAT JSON) ${statements[0].sql}`, statements[0].params);
    expect(JSON.stringify(plan)).toContain('accounts_by_product');
  });
});
