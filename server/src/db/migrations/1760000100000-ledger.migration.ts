import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The double-entry ledger. The database itself guarantees: every journal balances per currency
 * (deferred constraint trigger), customer balances never go negative (CHECK), the stored balance is the
 * sum of postings (maintained by trigger in the same statement), postings and journals are immutable.
 */
export class Ledger1760000100000 implements MigrationInterface {
  name = 'Ledger1760000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_accounts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        code varchar(60) UNIQUE,
        customer_id uuid REFERENCES customers(id),
        kind varchar(10) NOT NULL CHECK (kind IN ('customer','internal')),
        currency char(3) NOT NULL,
        balance_minor bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT customer_balance_not_negative CHECK (kind <> 'customer' OR balance_minor >= 0),
        CONSTRAINT customer_has_owner CHECK ((kind = 'customer') = (customer_id IS NOT NULL)),
        CONSTRAINT internal_has_code CHECK ((kind = 'internal') = (code IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX ledger_accounts_customer_currency_uq ON ledger_accounts (customer_id, currency) WHERE customer_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE journals (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        reference varchar(40) NOT NULL UNIQUE,
        kind varchar(40) NOT NULL,
        description varchar(200) NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE postings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        journal_id bigint NOT NULL REFERENCES journals(id),
        account_id bigint NOT NULL REFERENCES ledger_accounts(id),
        amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
        currency char(3) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX postings_journal_idx ON postings (journal_id)`);
    await q.query(`CREATE INDEX postings_account_idx ON postings (account_id, id)`);

    // Balance maintenance: the posting and the balance change happen in one statement, so they cannot drift.
    await q.query(`
      CREATE FUNCTION apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE acc_currency char(3);
      BEGIN
        UPDATE ledger_accounts SET balance_minor = balance_minor + NEW.amount_minor
         WHERE id = NEW.account_id RETURNING currency INTO acc_currency;
        IF acc_currency IS NULL THEN RAISE EXCEPTION 'posting to unknown account %', NEW.account_id; END IF;
        IF acc_currency <> NEW.currency THEN
          RAISE EXCEPTION 'posting currency % does not match account currency %', NEW.currency, acc_currency USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER postings_apply AFTER INSERT ON postings FOR EACH ROW EXECUTE FUNCTION apply_posting()`);

    // Debits equal credits per journal and currency, checked at commit by the database itself.
    await q.query(`
      CREATE FUNCTION check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad record;
      BEGIN
        SELECT currency, sum(amount_minor) AS total INTO bad FROM postings
         WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount_minor) <> 0 LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'journal % is unbalanced in % by %', NEW.journal_id, bad.currency, bad.total USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced()`);

    await q.query(`CREATE TRIGGER postings_immutable BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION forbid_change()`);
    await q.query(`CREATE TRIGGER journals_immutable BEFORE UPDATE OR DELETE ON journals FOR EACH ROW EXECUTE FUNCTION forbid_change()`);
    // Balances change only through postings.
    await q.query(`
      CREATE FUNCTION guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.balance_minor <> OLD.balance_minor AND pg_trigger_depth() < 2 THEN
          RAISE EXCEPTION 'balances change only through postings' USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION guard_balance()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS postings, journals, ledger_accounts`);
    await q.query(`DROP FUNCTION IF EXISTS apply_posting(), check_journal_balanced(), guard_balance()`);
  }
}
