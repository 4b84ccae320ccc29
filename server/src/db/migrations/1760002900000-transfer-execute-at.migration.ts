import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dated payment's moment: the start of the day the customer chose, in the customer's time zone
 * (docs/decisions/0048). Transfers dated before this column keep it empty and run early on their date in UTC.
 */
export class TransferExecuteAt1760002900000 implements MigrationInterface {
  name = 'TransferExecuteAt1760002900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transfers ADD COLUMN IF NOT EXISTS execute_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transfers DROP COLUMN IF EXISTS execute_at`);
  }
}
