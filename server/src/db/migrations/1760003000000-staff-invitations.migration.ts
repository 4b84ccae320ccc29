import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff invited by an admin (docs/decisions/0051): a member has no password until they set one from the e-mailed
 * link, whose token is kept only as its SHA-256, valid until its expiry and used once.
 */
export class StaffInvitations1760003000000 implements MigrationInterface {
  name = 'StaffInvitations1760003000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE staff_users ALTER COLUMN password_hash DROP NOT NULL`);
    await q.query(`ALTER TABLE staff_users ADD COLUMN IF NOT EXISTS invitation_token_hash char(64), ADD COLUMN IF NOT EXISTS invitation_expires_at timestamptz,
      ADD COLUMN IF NOT EXISTS invited_by uuid REFERENCES staff_users(id)`);
    await q.query(`CREATE UNIQUE INDEX IF NOT EXISTS staff_users_invitation_idx ON staff_users (invitation_token_hash) WHERE invitation_token_hash IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS staff_users_invitation_idx`);
    await q.query(`ALTER TABLE staff_users DROP COLUMN IF EXISTS invited_by, DROP COLUMN IF EXISTS invitation_expires_at, DROP COLUMN IF EXISTS invitation_token_hash`);
    await q.query(`DELETE FROM staff_users WHERE password_hash IS NULL`);
    await q.query(`ALTER TABLE staff_users ALTER COLUMN password_hash SET NOT NULL`);
  }
}
