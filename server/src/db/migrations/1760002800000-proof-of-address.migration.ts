import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An application carries a proof of address beside the passport photograph (docs/decisions/0047). Customers who
 * applied before it have none: the column stays nullable and staff see "No proof of address on file".
 */
export class ProofOfAddress1760002800000 implements MigrationInterface {
  name = 'ProofOfAddress1760002800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers ADD COLUMN IF NOT EXISTS proof_of_address_file_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers DROP COLUMN IF EXISTS proof_of_address_file_id`);
  }
}
