import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The condition that lets a statement use the index below: the index holds every row (no transaction is dated minus
 * infinity), but PostgreSQL uses a partial index only for a statement that states its condition. Only the staff list
 * states it. A customer's statements must walk their own index, `transactions_customer_created_idx`: given this one as
 * well, the planner walked every customer's rows newest first for a customer who owns a tenth of the table, skipping
 * everyone else's newer rows (docs/performance.md#staff-list-at-scale).
 */
export const STAFF_ORDER_CONDITION = `created_at > '-infinity'::timestamptz`;

/**
 * Every customer's transactions newest first, for the staff console's list. Without it, its
 * first page of all transactions sorted the whole table: 1.2 s on two million rows. Its entries are added at the
 * index's newest end, a page or two per checkpoint, so it costs a booking little WAL (a random key would cost a page
 * image per booking after each checkpoint; docs/performance.md#time-ordered-idempotency-keys).
 *
 * Built CONCURRENTLY, outside a transaction, so a bank with millions of rows keeps taking payments while it builds; a
 * build that failed half-way leaves an invalid index, which the next run drops and builds again.
 */
export class TransactionsNewestFirst1760002600000 implements MigrationInterface {
  name = 'TransactionsNewestFirst1760002600000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS transactions_created_idx`);
    await q.query(`CREATE INDEX CONCURRENTLY transactions_created_idx ON transactions (created_at DESC, id DESC) WHERE ${STAFF_ORDER_CONDITION}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS transactions_created_idx`);
  }
}
