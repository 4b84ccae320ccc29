import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applySqlSources } from '../sql-sources';

/** The records that belong to one account; each existing one moves to its customer's primary account. */
export const RECORDS_ON_AN_ACCOUNT = ['cards', 'loans', 'cheques', 'standing_orders', 'transfers', 'incoming_payments'] as const;

/**
 * Accounts separate from the people who hold them (docs/decisions/0062-accounts.md). Every existing customer's
 * number, currency, balance and history stay where they are and become their primary account: the account record
 * names the ledger account that already holds their money, so no posting, balance or transaction row is rewritten.
 * Their cards, loans, cheques, standing orders, payments and incoming payments are put on that account.
 */
export class Accounts1760003300000 implements MigrationInterface {
  name = 'Accounts1760003300000';

  static readonly sqlSources = { accounts: '9861116838d11f4a' };

  async up(q: QueryRunner): Promise<void> {
    // A customer may now hold several accounts in one currency; only the primary one (and a crypto wallet) stays
    // unique per customer and currency, so lookups by (customer, currency) keep finding exactly one.
    await q.query(`ALTER TABLE ledger_accounts ADD COLUMN secondary_account boolean NOT NULL DEFAULT false`);
    await q.query(`DROP INDEX ledger_accounts_customer_currency_uq`);
    await q.query(`CREATE UNIQUE INDEX ledger_accounts_customer_currency_uq ON ledger_accounts (customer_id, currency) WHERE customer_id IS NOT NULL AND NOT secondary_account`);
    await q.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT uuid_v7(),
        number varchar(10) NOT NULL CONSTRAINT accounts_account_number_uq UNIQUE CHECK (number ~ '^[0-9]{10}$'),
        customer_id uuid NOT NULL REFERENCES customers(id),
        ledger_account_id bigint NOT NULL UNIQUE REFERENCES ledger_accounts(id),
        is_primary boolean NOT NULL,
        product varchar(20) NOT NULL CHECK (product IN ('checking','savings','business','fixed_deposit')),
        currency char(3) NOT NULL,
        name varchar(40) NOT NULL CHECK (length(btrim(name)) > 0),
        status varchar(30) NOT NULL CHECK (status IN ('pending','awaiting_second_approval','rejected','active','frozen','closed')),
        status_reason varchar(500),
        opened_at timestamptz,
        closed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT accounts_closed_when_closed CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
        CONSTRAINT accounts_opened_when_usable CHECK (status IN ('pending','awaiting_second_approval','rejected') OR opened_at IS NOT NULL)
      )`);
    await q.query(`CREATE UNIQUE INDEX accounts_one_primary ON accounts (customer_id) WHERE is_primary`);
    await q.query(`CREATE INDEX accounts_customer ON accounts (customer_id, created_at)`);
    // Staff look for the few accounts not active (frozen, waiting for review, closed) among every customer's.
    await q.query(`CREATE INDEX accounts_not_active ON accounts (status) WHERE status <> 'active'`);
    await q.query(`
      CREATE TABLE account_holders (
        id uuid PRIMARY KEY DEFAULT uuid_v7(),
        account_id uuid NOT NULL REFERENCES accounts(id),
        customer_id uuid NOT NULL REFERENCES customers(id),
        role varchar(10) NOT NULL CHECK (role IN ('joint','dependant')),
        status varchar(10) NOT NULL CHECK (status IN ('invited','active','declined','removed')),
        daily_limit_minor bigint CHECK (daily_limit_minor >= 0),
        spent_day date,
        spent_minor bigint NOT NULL DEFAULT 0 CHECK (spent_minor >= 0),
        invited_by uuid NOT NULL REFERENCES customers(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        responded_at timestamptz,
        removed_at timestamptz,
        CONSTRAINT account_holders_dependant_limited CHECK ((role = 'dependant') = (daily_limit_minor IS NOT NULL)),
        CONSTRAINT account_holders_within_limit CHECK (daily_limit_minor IS NULL OR spent_minor <= daily_limit_minor)
      )`);
    await q.query(`CREATE UNIQUE INDEX account_holders_current ON account_holders (account_id, customer_id) WHERE status IN ('invited','active')`);
    await q.query(`CREATE INDEX account_holders_of_customer ON account_holders (customer_id) WHERE status IN ('invited','active')`);

    for (const table of RECORDS_ON_AN_ACCOUNT) await q.query(`ALTER TABLE ${table} ADD COLUMN account_id uuid REFERENCES accounts(id)`);
    await applySqlSources(q, Accounts1760003300000.sqlSources);

    // Every customer's money account becomes their primary account, opened when the customer was.
    await q.query(`
      INSERT INTO accounts (number, customer_id, ledger_account_id, is_primary, product, currency, name, status, opened_at, created_at)
      SELECT c.account_number, c.id, l.id, true, primary_product_of(c.account_type), c.currency, primary_name_of(primary_product_of(c.account_type)),
             'active', c.created_at, c.created_at
        FROM customers c JOIN ledger_accounts l ON l.customer_id = c.id AND l.currency = c.currency AND l.kind = 'customer'`);
    for (const table of RECORDS_ON_AN_ACCOUNT) {
      await q.query(`UPDATE ${table} r SET account_id = a.id FROM accounts a WHERE a.customer_id = r.customer_id AND a.is_primary`);
      await q.query(`ALTER TABLE ${table} ALTER COLUMN account_id SET NOT NULL`);
      await q.query(`CREATE INDEX ${table}_account ON ${table} (account_id)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of RECORDS_ON_AN_ACCOUNT) {
      await q.query(`DROP TRIGGER ${table}_on_primary_account ON ${table}`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN account_id`);
    }
    await q.query(`DROP TRIGGER ledger_accounts_open_primary ON ledger_accounts`);
    await q.query(`DROP TABLE account_holders`);
    await q.query(`DROP TABLE accounts`);
    for (const fn of ['fill_primary_account()', 'open_primary_account()', 'check_account_ledger()', 'forbid_account_identity_change()', 'primary_product_of(text)', 'primary_name_of(text)']) {
      await q.query(`DROP FUNCTION ${fn}`);
    }
    await q.query(`DROP INDEX ledger_accounts_customer_currency_uq`);
    await q.query(`ALTER TABLE ledger_accounts DROP COLUMN secondary_account`);
    await q.query(`CREATE UNIQUE INDEX ledger_accounts_customer_currency_uq ON ledger_accounts (customer_id, currency) WHERE customer_id IS NOT NULL`);
  }
}
