import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Customer-facing transactions, transfers awaiting authentication, FX rates and idempotency keys. */
export class Money1760000100001 implements MigrationInterface {
  name = 'Money1760000100001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // Wrong PINs lock payments for a while, like wrong passwords lock sign-in.
    await q.query(`ALTER TABLE customers ADD COLUMN pin_failed_count int NOT NULL DEFAULT 0, ADD COLUMN pin_locked_until timestamptz`);
    await q.query(`
      CREATE TABLE fx_rates (
        base char(3) NOT NULL,
        quote char(3) NOT NULL,
        rate numeric(18,8) NOT NULL CHECK (rate > 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(254),
        PRIMARY KEY (base, quote)
      )`);

    // One row per movement a customer sees. Written in the same DB transaction as its journal(s).
    await q.query(`
      CREATE TABLE transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reference varchar(40) NOT NULL UNIQUE,
        customer_id uuid NOT NULL REFERENCES customers(id),
        account_id bigint NOT NULL REFERENCES ledger_accounts(id),
        type varchar(6) NOT NULL CHECK (type IN ('credit','debit')),
        kind varchar(30) NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('success','pending','failed','cancelled')),
        description varchar(200) NOT NULL,
        category varchar(40) NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
        currency char(3) NOT NULL,
        recipient varchar(120),
        counterparty varchar(120),
        balance_after_minor bigint,
        channel varchar(40) NOT NULL,
        location varchar(120),
        memo varchar(140),
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        status_reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX transactions_customer_created_idx ON transactions (customer_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX transactions_status_created_idx ON transactions (status, created_at DESC)`);
    await q.query(`CREATE INDEX transactions_search_idx ON transactions USING gin ((description || ' ' || coalesce(recipient,'') || ' ' || reference) gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE transfers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id),
        kind varchar(30) NOT NULL CHECK (kind IN ('transfer_local','transfer_international')),
        status varchar(30) NOT NULL CHECK (status IN ('awaiting_authorisation','pending','completed','rejected','expired')),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
        currency char(3) NOT NULL,
        payment_amount_minor bigint NOT NULL,
        payment_currency char(3) NOT NULL,
        rate numeric(18,8),
        payee jsonb NOT NULL,
        binding_hash char(64) NOT NULL,
        code_hash char(64),
        code_expires_at timestamptz,
        code_attempts int NOT NULL DEFAULT 0,
        pin_attempts int NOT NULL DEFAULT 0,
        needs_code boolean NOT NULL,
        code_verified_at timestamptz,
        transaction_id uuid REFERENCES transactions(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX transfers_customer_idx ON transfers (customer_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE idempotency_keys (
        scope varchar(80) NOT NULL,
        key varchar(200) NOT NULL,
        request_hash char(64) NOT NULL,
        status varchar(12) NOT NULL CHECK (status IN ('in_progress','done')),
        response_status int,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS idempotency_keys, transfers, transactions, fx_rates`);
  }
}
