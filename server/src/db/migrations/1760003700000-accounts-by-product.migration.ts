import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff filter the accounts list by product (term deposits, business accounts) or currency, newest first. Without an
 * index of its own, a filter on a rare product walked every account newest first to fill a page; with these, a page
 * is a short backward walk of the product's or currency's own entries in id (time) order.
 */
export class AccountsByProduct1760003700000 implements MigrationInterface {
  name = 'AccountsByProduct1760003700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX accounts_by_product ON accounts (product, id)`);
    await q.query(`CREATE INDEX accounts_by_currency ON accounts (currency, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS accounts_by_product, accounts_by_currency`);
  }
}
