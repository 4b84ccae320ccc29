import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer who closes their primary account leaves the bank (docs/decisions/0062-accounts.md): their row stays,
 * with its accounts and history, for the years the law requires, as `closed`; they can no longer sign in.
 */
export class CustomerClosed1760003400000 implements MigrationInterface {
  name = 'CustomerClosed1760003400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers DROP CONSTRAINT customers_status_check`);
    await q.query(`ALTER TABLE customers ADD CONSTRAINT customers_status_check CHECK (status IN ('pending_review','approved','rejected','closed'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers DROP CONSTRAINT customers_status_check`);
    await q.query(`ALTER TABLE customers ADD CONSTRAINT customers_status_check CHECK (status IN ('pending_review','approved','rejected'))`);
  }
}
