import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Assets the bank holds in custody (docs/decisions/0008): deposit details and a staff-maintained USD reference price. */
export class CryptoOptions1760000100002 implements MigrationInterface {
  name = 'CryptoOptions1760000100002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crypto_options (
        symbol varchar(10) PRIMARY KEY,
        name varchar(40) NOT NULL,
        network varchar(40) NOT NULL,
        deposit_address varchar(120) NOT NULL,
        icon varchar(200) NOT NULL,
        reference_price_usd_minor bigint NOT NULL CHECK (reference_price_usd_minor > 0),
        network_fee_units numeric(24,8) NOT NULL DEFAULT 0 CHECK (network_fee_units >= 0),
        active boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(254)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS crypto_options`);
  }
}
