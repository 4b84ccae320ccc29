import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cheque deposits (docs/decisions/0013-cheque-deposits.md): the customer's images and the drawer's details,
 * decided by staff on the review queue. A paper cheque can be deposited once: the drawer's bank, cheque number
 * and account number (normalised) and the front image's SHA-256 are each unique among cheques that are not
 * rejected, so two deposits of the same cheque cannot both slip in, even at the same instant.
 */
export class Cheques1760000500000 implements MigrationInterface {
  name = 'Cheques1760000500000';

  async up(q: QueryRunner): Promise<void> {
    // One paper cheque, however it is typed: bank name case and spacing, and any separators in the numbers, ignored.
    await q.query(`
      CREATE FUNCTION cheque_drawer_key(bank text, cheque_number text, account_number text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT lower(regexp_replace(btrim(bank), '\\s+', ' ', 'g')) || '|' ||
               upper(regexp_replace(cheque_number, '[^A-Za-z0-9]', '', 'g')) || '|' ||
               upper(regexp_replace(coalesce(account_number, ''), '[^A-Za-z0-9]', '', 'g'))
      $$`);
    await q.query(`
      CREATE TABLE cheques (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        cheque_number varchar(20) NOT NULL,
        bank_name varchar(100) NOT NULL,
        account_number varchar(34),
        issue_date date,
        note varchar(200),
        front_file_id uuid NOT NULL REFERENCES stored_files(id),
        back_file_id uuid NOT NULL REFERENCES stored_files(id),
        front_sha256 char(64) NOT NULL,
        drawer_key text GENERATED ALWAYS AS (cheque_drawer_key(bank_name, cheque_number, account_number)) STORED,
        status varchar(30) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','awaiting_second_approval','approved','rejected')),
        status_reason varchar(500),
        transaction_id uuid REFERENCES transactions(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT cheques_credited_when_approved CHECK (status <> 'approved' OR transaction_id IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX cheques_customer_idx ON cheques (customer_id, created_at DESC)`);
    await q.query(`CREATE INDEX cheques_status_idx ON cheques (status, created_at DESC)`);
    await q.query(`CREATE UNIQUE INDEX cheques_drawer_once_uq ON cheques (drawer_key) WHERE status <> 'rejected'`);
    await q.query(`CREATE UNIQUE INDEX cheques_front_once_uq ON cheques (front_sha256) WHERE status <> 'rejected'`);
    // Staff see every earlier deposit that looks like this one, rejected ones included.
    await q.query(`CREATE INDEX cheques_drawer_idx ON cheques (drawer_key)`);
    await q.query(`CREATE INDEX cheques_front_idx ON cheques (front_sha256)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS cheques`);
    await q.query(`DROP FUNCTION IF EXISTS cheque_drawer_key(text, text, text)`);
  }
}
