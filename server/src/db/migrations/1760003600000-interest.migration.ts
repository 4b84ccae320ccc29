import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applySqlSources } from '../sql-sources';

/**
 * Deposit products that earn interest, term deposits and the bank's end of day (docs/decisions/0063-interest.md).
 *
 * - `deposit_products`: the catalogue, one row per account product, with its day count and, for term deposits, the
 *   minimum and the early-withdrawal forfeit.
 * - `rate_changes` and `rate_tiers`: the immutable history of rates. A change sets a product's whole schedule (its
 *   tiers; a term deposit term's one rate) from a date; the schedule in force on a day is the latest change
 *   effective by then.
 * - `interest_accruals`: one narrow row per interest-bearing account, what it has accrued and not yet been paid (in
 *   minor units, to 10 decimal places), the last business date accrued and the last posting; the end of day's
 *   idempotency per (account, date) is `accrued_through`.
 * - `interest_books`: per currency, all interest ever accrued (sub-minor) and what the ledger has booked of it as
 *   accrued-interest payable, so the general ledger shows the liability to the cent.
 * - `term_deposits`, `end_of_day_runs` and their tallies per currency.
 */
export class Interest1760003600000 implements MigrationInterface {
  name = 'Interest1760003600000';

  static readonly sqlSources = { interest: '81c722b792f80434' };

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deposit_products (
        code varchar(20) PRIMARY KEY CHECK (code IN ('checking','savings','business','fixed_deposit')),
        name varchar(60) NOT NULL,
        interest_bearing boolean NOT NULL,
        day_count varchar(10) NOT NULL DEFAULT 'actual/365' CHECK (day_count IN ('actual/365','actual/360')),
        posting_frequency varchar(10) NOT NULL DEFAULT 'monthly' CHECK (posting_frequency IN ('monthly')),
        minimum_opening_minor bigint NOT NULL DEFAULT 0 CHECK (minimum_opening_minor >= 0),
        forfeit_days smallint CHECK (forfeit_days >= 0),
        CONSTRAINT deposit_products_forfeit_for_terms CHECK ((code = 'fixed_deposit') = (forfeit_days IS NOT NULL))
      )`);
    await q.query(`
      INSERT INTO deposit_products (code, name, interest_bearing, day_count, minimum_opening_minor, forfeit_days) VALUES
        ('checking', 'Current account', false, 'actual/365', 0, NULL),
        ('savings', 'Savings account', true, 'actual/365', 0, NULL),
        ('business', 'Business account', false, 'actual/365', 0, NULL),
        ('fixed_deposit', 'Term deposit', true, 'actual/365', 100000, 30)`);

    await q.query(`
      CREATE TABLE rate_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        product varchar(20) NOT NULL REFERENCES deposit_products(code),
        term_months smallint NOT NULL DEFAULT 0 CHECK (term_months IN (0, 3, 6, 12, 24)),
        effective_from date NOT NULL,
        reason varchar(200) NOT NULL CHECK (length(btrim(reason)) > 0),
        changed_by uuid REFERENCES staff_users(id),
        changed_by_email varchar(254),
        changed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT rate_changes_terms_for_deposits CHECK ((product = 'fixed_deposit') = (term_months <> 0))
      )`);
    await q.query(`CREATE INDEX rate_changes_in_force ON rate_changes (product, term_months, effective_from DESC, id DESC)`);
    await q.query(`
      CREATE TABLE rate_tiers (
        change_id bigint NOT NULL REFERENCES rate_changes(id),
        from_minor bigint NOT NULL CHECK (from_minor >= 0),
        rate_percent numeric(7,4) NOT NULL CHECK (rate_percent >= 0 AND rate_percent < 100),
        PRIMARY KEY (change_id, from_minor)
      )`);
    await seedRates(q);

    await q.query(`
      CREATE TABLE term_deposits (
        account_id uuid PRIMARY KEY REFERENCES accounts(id),
        source_account_id uuid NOT NULL REFERENCES accounts(id),
        principal_minor bigint NOT NULL CHECK (principal_minor > 0),
        term_months smallint NOT NULL CHECK (term_months IN (3, 6, 12, 24)),
        rate_percent numeric(7,4) NOT NULL CHECK (rate_percent >= 0 AND rate_percent < 100),
        start_date date NOT NULL,
        maturity_date date NOT NULL,
        renew boolean NOT NULL DEFAULT false,
        status varchar(10) NOT NULL DEFAULT 'active' CHECK (status IN ('active','matured','withdrawn')),
        interest_paid_minor bigint NOT NULL DEFAULT 0 CHECK (interest_paid_minor >= 0),
        forfeited_minor bigint NOT NULL DEFAULT 0 CHECK (forfeited_minor >= 0),
        renewals smallint NOT NULL DEFAULT 0,
        ended_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT term_deposits_matures_later CHECK (maturity_date > start_date),
        CONSTRAINT term_deposits_not_its_own_source CHECK (source_account_id <> account_id),
        CONSTRAINT term_deposits_ended CHECK ((status = 'active') = (ended_at IS NULL))
      )`);
    await q.query(`CREATE INDEX term_deposits_by_maturity ON term_deposits (maturity_date) WHERE status = 'active'`);
    await q.query(`CREATE INDEX term_deposits_by_source ON term_deposits (source_account_id)`);

    // Narrow on purpose: the end of day rewrites every row daily, and its WAL is mostly these rows
    // (docs/performance.md#end-of-day). Half-full pages keep each day's new row version on its page (HOT).
    await q.query(`
      CREATE TABLE interest_accruals (
        account_id uuid PRIMARY KEY REFERENCES accounts(id),
        accrued_through date NOT NULL,
        accrued_minor numeric(24,10) NOT NULL DEFAULT 0 CHECK (accrued_minor >= 0),
        posted_through date,
        rate_low numeric(7,4),
        rate_high numeric(7,4)
      ) WITH (fillfactor = 50)`);
    await q.query(`
      CREATE TABLE interest_books (
        currency char(3) PRIMARY KEY,
        accrued_minor numeric(30,10) NOT NULL DEFAULT 0,
        booked_minor bigint NOT NULL DEFAULT 0
      )`);

    await q.query(`
      CREATE TABLE end_of_day_runs (
        business_date date PRIMARY KEY,
        status varchar(10) NOT NULL CHECK (status IN ('running','done','failed')),
        time_zone varchar(64) NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        accounts_accrued integer NOT NULL DEFAULT 0,
        accounts_posted integer NOT NULL DEFAULT 0,
        deposits_matured integer NOT NULL DEFAULT 0,
        failures integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 1,
        error text
      )`);
    await q.query(`
      CREATE TABLE end_of_day_totals (
        business_date date NOT NULL REFERENCES end_of_day_runs(business_date),
        currency char(3) NOT NULL,
        accrued_minor numeric(30,10) NOT NULL DEFAULT 0,
        posted_minor bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (business_date, currency)
      )`);
    // The end of day finds a day's later postings by time: a block-range index costs a booking next to nothing.
    await q.query(`CREATE INDEX postings_created_brin ON postings USING brin (created_at)`);

    await applySqlSources(q, Interest1760003600000.sqlSources);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS accrue_interest(date, text, uuid, integer), post_interest(date, uuid, integer), start_interest_accruals(date, text),
      book_interest_accruals(), end_interest_accrual(uuid, numeric, boolean), term_deposit_interest_minor(bigint, numeric, integer, integer),
      daily_interest_minor(numeric, numeric, integer), rates_in_force(date), interest_rate_words(numeric, numeric)`);
    await q.query(`DROP INDEX IF EXISTS postings_created_brin`);
    await q.query(`DROP TABLE IF EXISTS end_of_day_totals, end_of_day_runs, interest_books, interest_accruals, term_deposits, rate_tiers, rate_changes, deposit_products`);
  }
}

/** The rates the bank opens with, in force from the first of January 2026 (every account opened since earns them). */
async function seedRates(q: QueryRunner): Promise<void> {
  const schedules: { product: string; termMonths: number; tiers: [number, string][] }[] = [
    {
      product: 'savings',
      termMonths: 0,
      tiers: [
        [0, '1.5000'],
        [1_000_000, '2.2500'],
      ],
    },
    { product: 'fixed_deposit', termMonths: 3, tiers: [[0, '3.0000']] },
    { product: 'fixed_deposit', termMonths: 6, tiers: [[0, '3.5000']] },
    { product: 'fixed_deposit', termMonths: 12, tiers: [[0, '4.0000']] },
    { product: 'fixed_deposit', termMonths: 24, tiers: [[0, '4.2500']] },
  ];
  for (const s of schedules) {
    const [{ id }] = (await q.query(`INSERT INTO rate_changes (product, term_months, effective_from, reason) VALUES ($1, $2, '2026-01-01', 'Rates the bank opened with') RETURNING id`, [
      s.product,
      s.termMonths,
    ])) as { id: string }[];
    for (const [fromMinor, rate] of s.tiers) await q.query(`INSERT INTO rate_tiers (change_id, from_minor, rate_percent) VALUES ($1, $2, $3)`, [id, fromMinor, rate]);
  }
}
