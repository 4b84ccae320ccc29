import { QUIET_ANALYZE_SCALE_FACTOR, QUIET_STATISTICS_TABLES } from '../../src/db/migrations/1760002400000-quiet-statistics.migration';
import { KEY_ONLY_ANALYZE_SCALE_FACTOR, KEY_ONLY_TABLES, TRANSACTIONS_STATISTICS_TARGET } from '../../src/db/migrations/1760002500000-lighter-statistics.migration';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

/** The autovacuum analyze settings a table was given (undefined: PostgreSQL's default, a tenth of its rows). */
async function analyzeScaleFactor(t: TestApp, table: string): Promise<string | undefined> {
  const [{ options }] = await t.app.db.query(`SELECT coalesce(reloptions, '{}') AS options FROM pg_class WHERE oid = $1::regclass`, [table]);
  const setting = (options as string[]).find((option) => option.startsWith('autovacuum_analyze_scale_factor='));
  return setting?.split('=')[1];
}

// docs/performance.md#quiet-statistics
describe('autovacuum statistics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(QUIET_STATISTICS_TABLES)('analyzes %s, which every payment updates, only after ten times its rows have changed', async (table) => {
    expect(await analyzeScaleFactor(t, table)).toBe(String(QUIET_ANALYZE_SCALE_FACTOR));
  });

  it.each(KEY_ONLY_TABLES)('analyzes %s, which grows with every payment but is read only by its keys, only after ten times its rows have changed', async (table) => {
    expect(await analyzeScaleFactor(t, table)).toBe(String(KEY_ONLY_ANALYZE_SCALE_FACTOR));
  });

  // Their statistics (created_at, customer, words) decide how the transaction list and its search are planned.
  it.each(['transactions', 'customers'])('leaves %s, whose plans read its statistics, at the default', async (table) => {
    expect(await analyzeScaleFactor(t, table)).toBeUndefined();
  });

  // ANALYZE samples 300 rows per unit of the largest target among a table's columns and index expressions, so a
  // column added later at the default (100) would bring back the whole sample: each must be given the target too.
  it(`samples transactions at a statistics target of ${TRANSACTIONS_STATISTICS_TARGET} on every column and index expression`, async () => {
    const targets: { name: string; target: number }[] = await t.app.db.query(
      `SELECT a.attname AS name, coalesce(a.attstattarget, -1)::int AS target
         FROM pg_attribute a WHERE a.attrelid = 'transactions'::regclass AND a.attnum > 0 AND NOT a.attisdropped
       UNION ALL
       SELECT i.relname || '.' || a.attnum, coalesce(a.attstattarget, -1)::int
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_attribute a ON a.attrelid = x.indexrelid
        WHERE x.indrelid = 'transactions'::regclass AND x.indkey[a.attnum - 1] = 0`,
    );
    expect(targets.length).toBeGreaterThan(20);
    expect(targets.map((row) => row.name)).toEqual(expect.arrayContaining(['customer_id', 'created_at', 'transactions_search_idx.1', 'transactions_card_payment_idx.1']));
    expect(targets.filter((row) => row.target !== TRANSACTIONS_STATISTICS_TARGET)).toEqual([]);
  });

  it('keeps that many histogram bounds when transactions are analyzed', async () => {
    const customer = await approvedCustomer(t.app);
    const [account] = await t.app.db.query(`SELECT id FROM ledger_accounts WHERE customer_id = $1`, [customer.id]);
    await t.app.db.query(
      `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, channel, created_at)
       SELECT 'STATS' || g, $1, $2, 'credit', 'incoming', 'success', 'Payment ' || g, 'Deposit', g, 'USD', 'Branch', now() - make_interval(mins => g)
         FROM generate_series(1, 10000) g`,
      [customer.id, account.id],
    );
    await t.ownerQuery('ANALYZE transactions'); // as autovacuum would: the server's role does not own the table
    const [{ bounds }] = await t.app.db.query(`SELECT cardinality(histogram_bounds::text::text[]) AS bounds FROM pg_stats WHERE tablename = 'transactions' AND attname = 'created_at'`);
    // At the default target of 100 it would be 101 bounds for 10,000 distinct times.
    expect(bounds).toBe(TRANSACTIONS_STATISTICS_TARGET + 1);
  });
});
