import { QUIET_ANALYZE_SCALE_FACTOR, QUIET_STATISTICS_TABLES } from '../../src/db/migrations/1760002400000-quiet-statistics.migration';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The autovacuum analyze settings a table was given (undefined: PostgreSQL's default, a tenth of its rows). */
async function analyzeScaleFactor(t: TestApp, table: string): Promise<string | undefined> {
  const [{ options }] = await t.app.db.query(`SELECT coalesce(reloptions, '{}') AS options FROM pg_class WHERE oid = $1::regclass`, [table]);
  const setting = (options as string[]).find((option) => option.startsWith('autovacuum_analyze_scale_factor='));
  return setting?.split('=')[1];
}

// docs/decisions/0035-quiet-statistics.md
describe('autovacuum statistics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(QUIET_STATISTICS_TABLES)('analyzes %s, which every payment updates, only after ten times its rows have changed', async (table) => {
    expect(await analyzeScaleFactor(t, table)).toBe(String(QUIET_ANALYZE_SCALE_FACTOR));
  });

  // Their statistics (created_at, customer, words) decide how the transaction list and its search are planned.
  it.each(['journals', 'postings', 'transactions', 'customers'])('leaves %s, which grows with every payment, at the default', async (table) => {
    expect(await analyzeScaleFactor(t, table)).toBeUndefined();
  });
});
