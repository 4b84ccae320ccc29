import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The crypto wallet (docs/decisions/0014-crypto-units.md): holdings are ledger accounts whose "currency" is the
 * asset's symbol, in integer units of that asset (unit_decimals per asset, fixed once holdings can exist), so the
 * database's per-currency balance check keeps every asset apart from every money currency. Custody deposits and
 * withdrawals wait on the staff review queue as crypto_requests.
 */
export class CryptoWallet1760001000000 implements MigrationInterface {
  name = 'CryptoWallet1760001000000';

  async up(q: QueryRunner): Promise<void> {
    // Asset symbols are up to 10 characters (USDT): the ledger's currency columns take them next to ISO codes.
    await q.query(`ALTER TABLE ledger_accounts ALTER COLUMN currency TYPE varchar(10)`);
    await q.query(`ALTER TABLE postings ALTER COLUMN currency TYPE varchar(10)`);

    await q.query(`ALTER TABLE crypto_options ADD COLUMN unit_decimals smallint NOT NULL DEFAULT 6 CHECK (unit_decimals BETWEEN 6 AND 9)`);
    await q.query(`UPDATE crypto_options SET unit_decimals = CASE symbol WHEN 'BTC' THEN 8 WHEN 'LTC' THEN 8 WHEN 'ETH' THEN 9 WHEN 'SOL' THEN 9 ELSE 6 END`);
    // A holding's units mean 10^-unit_decimals of the asset forever: the scale of an asset never changes.
    await q.query(`
      CREATE FUNCTION crypto_unit_decimals_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.unit_decimals <> OLD.unit_decimals THEN
          RAISE EXCEPTION 'the unit of a custody asset cannot change' USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER crypto_options_unit_fixed BEFORE UPDATE OF unit_decimals ON crypto_options FOR EACH ROW EXECUTE FUNCTION crypto_unit_decimals_fixed()`);

    await q.query(`
      CREATE TABLE crypto_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id),
        kind varchar(10) NOT NULL CHECK (kind IN ('deposit','withdrawal')),
        symbol varchar(10) NOT NULL REFERENCES crypto_options(symbol),
        unit_decimals smallint NOT NULL,
        units bigint NOT NULL CHECK (units > 0),
        fee_units bigint NOT NULL DEFAULT 0 CHECK (fee_units >= 0),
        network varchar(40) NOT NULL,
        address varchar(120) NOT NULL,
        reference_price_usd_minor bigint NOT NULL CHECK (reference_price_usd_minor > 0),
        receipt_file_id uuid REFERENCES stored_files(id),
        receipt_sha256 char(64),
        status varchar(30) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','awaiting_second_approval','approved','rejected')),
        status_reason varchar(500),
        reserve_reference varchar(40),
        settle_reference varchar(40),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT crypto_deposit_has_receipt CHECK ((kind = 'deposit') = (receipt_file_id IS NOT NULL AND receipt_sha256 IS NOT NULL)),
        CONSTRAINT crypto_deposit_no_fee CHECK (kind = 'withdrawal' OR fee_units = 0),
        CONSTRAINT crypto_withdrawal_reserved CHECK (kind = 'deposit' OR reserve_reference IS NOT NULL),
        CONSTRAINT crypto_decided_settled CHECK (status NOT IN ('approved','rejected') OR settle_reference IS NOT NULL OR (kind = 'deposit' AND status = 'rejected'))
      )`);
    await q.query(`CREATE INDEX crypto_requests_customer_idx ON crypto_requests (customer_id, created_at DESC)`);
    await q.query(`CREATE INDEX crypto_requests_status_idx ON crypto_requests (status, created_at DESC)`);
    // Units held for withdrawals that wait for staff, per holding.
    await q.query(`CREATE INDEX crypto_requests_reserved_idx ON crypto_requests (customer_id, symbol) WHERE kind = 'withdrawal' AND status IN ('pending','awaiting_second_approval')`);
    // One receipt proves one deposit: the same image cannot back two deposits that are not rejected.
    await q.query(`CREATE UNIQUE INDEX crypto_requests_receipt_once_uq ON crypto_requests (receipt_sha256) WHERE kind = 'deposit' AND status <> 'rejected'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS crypto_requests`);
    await q.query(`DROP TRIGGER IF EXISTS crypto_options_unit_fixed ON crypto_options`);
    await q.query(`DROP FUNCTION IF EXISTS crypto_unit_decimals_fixed()`);
    await q.query(`ALTER TABLE crypto_options DROP COLUMN IF EXISTS unit_decimals`);
    await q.query(`ALTER TABLE postings ALTER COLUMN currency TYPE char(3)`);
    await q.query(`ALTER TABLE ledger_accounts ALTER COLUMN currency TYPE char(3)`);
  }
}
