import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The two tables every payment updates twice, and whose statistics no payment changes, are analyzed by autovacuum
 * only after ten times their rows have changed instead of a tenth (docs/performance.md#quiet-statistics).
 *
 * A same-bank payment updates both parties' ledger accounts (balance) and the payer's PIN attempt count twice (taken,
 * then started again). At the default (a tenth of the rows), a bank of 100,000 customers crosses that every ~5,000
 * payments, so each visit of autovacuum (once a minute) analyzed both: a burst of ~40 ms of a core each, on the cores
 * that serve payments, for statistics no plan needs: the server reads both tables only through their keys. New customers
 * still count as changes, so a bank that grows tenfold is analyzed again; VACUUM is unchanged.
 *
 * ALTER TABLE ... SET (storage parameter) takes a lock that lets reads and writes go on, so a live bank keeps taking
 * payments while it runs.
 */
export const QUIET_STATISTICS_TABLES = ['ledger_accounts', 'pin_attempts'];
export const QUIET_ANALYZE_SCALE_FACTOR = 10;

export class QuietStatistics1760002400000 implements MigrationInterface {
  name = 'QuietStatistics1760002400000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of QUIET_STATISTICS_TABLES) await q.query(`ALTER TABLE ${table} SET (autovacuum_analyze_scale_factor = ${QUIET_ANALYZE_SCALE_FACTOR})`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of QUIET_STATISTICS_TABLES) await q.query(`ALTER TABLE ${table} RESET (autovacuum_analyze_scale_factor)`);
  }
}
