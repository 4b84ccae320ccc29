import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer's withdrawals: their successful outbound transfers (same bank, local, international). The User shape's
 * `numberOfWithdrawals` counts them, and a payment asks whether there is any (a first-time sender gets the e-mailed
 * code step). A statement uses the index below only when it states this condition word for word.
 */
export const WITHDRAWAL_CONDITION = `type = 'debit' AND status = 'success' AND kind IN ('transfer_same', 'transfer_local', 'transfer_international')`;

/**
 * The count of a customer's withdrawals from this index alone (docs/performance.md#withdrawals-index). Without it, every sign-in,
 * `/auth/check` and row of the staff console's customer list read each of the customer's transactions from the table
 * to test its type, status and kind: 6-26 ms for a customer with 5,000 withdrawals among 10,000 rows. Here their
 * entries share one key, so PostgreSQL keeps them as a few posting lists (5,000 in 7 pages), read without the table.
 *
 * Built CONCURRENTLY, outside a transaction, so a bank keeps taking payments while it builds; a build that failed
 * half-way leaves an invalid index, which the next run drops and builds again.
 */
export class WithdrawalsIndex1760002700000 implements MigrationInterface {
  name = 'WithdrawalsIndex1760002700000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS transactions_withdrawals_idx`);
    await q.query(`CREATE INDEX CONCURRENTLY transactions_withdrawals_idx ON transactions (customer_id) WHERE ${WITHDRAWAL_CONDITION}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS transactions_withdrawals_idx`);
  }
}
