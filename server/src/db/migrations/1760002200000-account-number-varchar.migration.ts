import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * customers.account_number was char(10). Compared with a text value (a parameter typed text, an unnested text[]),
 * PostgreSQL casts the char column to text, and its unique index cannot serve: the same-bank payment's recipient read
 * scanned every customer, one payment at a time (26 transfers/s among 100,000 customers). The check already holds every number to exactly ten digits, so char's padding never applied; as varchar(10)
 * the index serves text comparisons too, and no query has to remember a cast.
 */
export class AccountNumberVarchar1760002200000 implements MigrationInterface {
  name = 'AccountNumberVarchar1760002200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers ALTER COLUMN account_number TYPE varchar(10)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers ALTER COLUMN account_number TYPE char(10)`);
  }
}
