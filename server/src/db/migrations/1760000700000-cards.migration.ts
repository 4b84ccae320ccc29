import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cards the bank issues: applications decided on the review queue, issued
 * numbers kept only encrypted (with their last 4 and a keyed hash for the network's look-up), no CVV
 * anywhere, and the purchases the card network authorises against the credit line. 'Freeze everything' is a
 * flag on the customer.
 */
export class Cards1760000700000 implements MigrationInterface {
  name = 'Cards1760000700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers ADD COLUMN frozen_at timestamptz`);
    await q.query(`
      CREATE TABLE cards (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id),
        card_type varchar(20) NOT NULL CHECK (card_type IN ('visa','mastercard','american_express','discover')),
        status varchar(30) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','awaiting_second_approval','rejected','active','blocked')),
        first_name varchar(50) NOT NULL,
        last_name varchar(50) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(20) NOT NULL,
        date_of_birth date NOT NULL,
        ssn_encrypted text NOT NULL,
        ssn_last4 char(4) NOT NULL,
        address varchar(120) NOT NULL,
        city varchar(80) NOT NULL,
        state varchar(80) NOT NULL,
        zip_code varchar(10) NOT NULL,
        currency char(3) NOT NULL,
        credit_limit_minor bigint NOT NULL CHECK (credit_limit_minor > 0),
        owed_minor bigint NOT NULL DEFAULT 0 CHECK (owed_minor >= 0),
        held_minor bigint NOT NULL DEFAULT 0 CHECK (held_minor >= 0),
        number_encrypted text,
        number_last4 char(4),
        number_hash char(64) UNIQUE,
        expiry_month smallint CHECK (expiry_month BETWEEN 1 AND 12),
        expiry_year smallint,
        frozen_at timestamptz,
        block_reason varchar(500),
        rejection_reason varchar(500),
        issued_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT card_within_limit CHECK (owed_minor + held_minor <= credit_limit_minor),
        CONSTRAINT card_issued_whole CHECK ((number_encrypted IS NULL) = (number_last4 IS NULL) AND (number_last4 IS NULL) = (number_hash IS NULL) AND (number_hash IS NULL) = (expiry_year IS NULL)),
        CONSTRAINT card_active_is_issued CHECK (status NOT IN ('active','blocked') OR number_hash IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX cards_customer_idx ON cards (customer_id, created_at DESC)`);
    await q.query(`CREATE INDEX cards_status_created_idx ON cards (status, created_at DESC)`);
    await q.query(`
      CREATE TABLE card_authorisations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        card_id uuid REFERENCES cards(id),
        card_last4 char(4) NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('held','captured','voided','declined')),
        decline_reason varchar(30),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        captured_minor bigint CHECK (captured_minor > 0 AND captured_minor <= amount_minor),
        currency char(3) NOT NULL,
        merchant varchar(100) NOT NULL,
        requested_by varchar(80) NOT NULL,
        journal_reference varchar(40),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT declined_has_reason CHECK ((status = 'declined') = (decline_reason IS NOT NULL)),
        CONSTRAINT captured_has_amount CHECK ((status = 'captured') = (captured_minor IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX card_authorisations_card_idx ON card_authorisations (card_id, created_at DESC)`);
    await q.query(`CREATE INDEX card_authorisations_created_idx ON card_authorisations (created_at DESC)`);
    // A card's payments are customer transactions naming the card.
    await q.query(`CREATE INDEX transactions_card_payment_idx ON transactions ((metadata->>'cardId'), created_at DESC) WHERE kind = 'card_payment'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS card_authorisations, cards`);
    await q.query(`ALTER TABLE customers DROP COLUMN IF EXISTS frozen_at`);
  }
}
