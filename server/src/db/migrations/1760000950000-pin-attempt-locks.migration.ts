import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How many times in a row a customer's payments were locked for wrong PINs: each lock lasts longer. */
export class PinAttemptLocks1760000950000 implements MigrationInterface {
  name = 'PinAttemptLocks1760000950000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers ADD COLUMN pin_lock_count int NOT NULL DEFAULT 0 CHECK (pin_lock_count >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers DROP COLUMN IF EXISTS pin_lock_count`);
  }
}
