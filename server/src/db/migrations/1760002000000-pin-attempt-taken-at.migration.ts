import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a customer's last PIN attempt was taken (docs/decisions/0025-unjudged-attempts.md). An attempt is taken before
 * its PIN is judged; a server that dies in between never judges it, and with every attempt taken that way and no lock
 * set, nothing used to end the run: the customer's payments were refused for good. With this time the server can tell
 * attempts still being judged from ones nobody will judge. A row from before this column has none: its attempts are
 * long unjudged.
 */
export class PinAttemptTakenAt1760002000000 implements MigrationInterface {
  name = 'PinAttemptTakenAt1760002000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pin_attempts ADD COLUMN taken_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pin_attempts DROP COLUMN taken_at`);
  }
}
