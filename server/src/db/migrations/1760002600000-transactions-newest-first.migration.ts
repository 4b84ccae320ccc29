import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every customer's transactions newest first, for the staff console's list (docs/decisions/0043). Without it, its
 * first page of all transactions sorted the whole table: 1.2 s on two million rows. Its entries are added at the
 * index's newest end, a page or two per checkpoint, so it costs a booking little WAL (a random key would cost a page
 * image per booking after each checkpoint; docs/decisions/0041).
 *
 * Built CONCURRENTLY, outside a transaction, so a bank with millions of rows keeps taking payments while it builds; a
 * build that failed half-way leaves an invalid index, which the next run drops and builds again.
 */
export class TransactionsNewestFirst1760002600000 implements MigrationInterface {
  name = 'TransactionsNewestFirst1760002600000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS transactions_created_idx`);
    await q.query(`CREATE INDEX CONCURRENTLY transactions_created_idx ON transactions (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS transactions_created_idx`);
  }
}
