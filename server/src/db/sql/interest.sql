-- Interest on deposits and the end of day (docs/decisions/0063-interest.md). Rules for this folder:
-- docs/decisions/0056-sql-sources.md.
--
-- Amounts of interest are in minor units of the account's currency. A day's interest is kept to 10 decimal places of
-- a minor unit (NUMERIC, never a float), so nothing is lost to daily rounding; only whole minor units are ever paid,
-- and the fraction left over stays accrued for the next posting.

-- Rates are history: a change is a new row, effective from a date, and no row is ever changed or removed.
CREATE OR REPLACE TRIGGER rate_changes_immutable
  BEFORE UPDATE OR DELETE ON rate_changes
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

CREATE OR REPLACE TRIGGER rate_tiers_immutable
  BEFORE UPDATE OR DELETE ON rate_tiers
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

-- One day's interest on `balance_minor` at `rate_percent` a year: balance x rate / days in the year, to 10 decimal
-- places of a minor unit. A term deposit's quote and the end of day both use it, so the interest shown before a
-- deposit is opened is the interest it earns.
CREATE OR REPLACE FUNCTION daily_interest_minor(balance_minor numeric, rate_percent numeric, days_in_year integer) RETURNS numeric
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = public, pg_temp
AS $$
  SELECT round(balance_minor * rate_percent / (100 * days_in_year), 10)
$$;

-- A term deposit's interest over `days` days at a locked rate, in whole minor units: the daily amounts the end of day
-- will accrue, added up and rounded down, as it will be paid at maturity.
CREATE OR REPLACE FUNCTION term_deposit_interest_minor(principal_minor bigint, rate_percent numeric, days integer, days_in_year integer) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = public, pg_temp
AS $$
  SELECT floor(days * daily_interest_minor(principal_minor, rate_percent, days_in_year))::bigint
$$;

-- The rate schedule of each product (and term) in force on a day: the latest change effective by then, its tiers
-- with the top of each (the next tier's start; the last tier has none).
CREATE OR REPLACE FUNCTION rates_in_force(p_date date)
  RETURNS TABLE (product varchar, term_months smallint, change_id bigint, from_minor bigint, to_minor bigint, rate_percent numeric)
  LANGUAGE sql STABLE
  SET search_path = public, pg_temp
AS $$
  WITH schedule AS (
    SELECT DISTINCT ON (c.product, c.term_months) c.product, c.term_months, c.id
      FROM rate_changes c
     WHERE c.effective_from <= p_date
     ORDER BY c.product, c.term_months, c.effective_from DESC, c.id DESC
  )
  SELECT s.product, s.term_months, s.id, t.from_minor,
         lead(t.from_minor) OVER (PARTITION BY s.product, s.term_months ORDER BY t.from_minor), t.rate_percent
    FROM schedule s JOIN rate_tiers t ON t.change_id = s.id
$$;

-- Accrues one business date for the next `p_limit` accounts after `p_after` (in account id order) that have accrued
-- every day before it: each account's end-of-day balance (its balance now less what was posted to it since the
-- day ended in the bank's time zone `p_zone`) earns a day's interest, per tier at the rate in force that day, or at
-- a term deposit's locked rate. An account that has accrued the date already is not picked again, so a rerun, a
-- resumed run and a second worker change nothing (idempotent per account and date). The same statement adds the
-- day's interest to the books (interest_books) and to the run's tallies (end_of_day_totals; the run's row must
-- exist). Answers how many accounts it picked and the last one, to continue after.
CREATE OR REPLACE FUNCTION accrue_interest(p_date date, p_zone text, p_after uuid, p_limit integer)
  RETURNS TABLE (picked integer, accrued integer, last_account uuid)
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  day_ends timestamptz := (p_date + 1)::timestamp AT TIME ZONE p_zone;
BEGIN
  RETURN QUERY
  WITH tiers AS (
    SELECT * FROM rates_in_force(p_date) r WHERE r.term_months = 0
  ),
  chunk AS (
    SELECT s.account_id, a.product, a.status, l.id AS ledger_id, l.currency, l.balance_minor,
           CASE WHEN p.day_count = 'actual/360' THEN 360 ELSE 365 END AS days_in_year,
           d.rate_percent AS locked_rate
      FROM interest_accruals s
      JOIN accounts a ON a.id = s.account_id
      JOIN ledger_accounts l ON l.id = a.ledger_account_id
      JOIN deposit_products p ON p.code = a.product
      LEFT JOIN term_deposits d ON d.account_id = a.id AND d.status = 'active'
     WHERE s.account_id > coalesce(p_after, '00000000-0000-0000-0000-000000000000'::uuid) AND s.accrued_through = p_date - 1
     ORDER BY s.account_id
     LIMIT p_limit
  ),
  -- Booked after the day ended, unless the journal is dated on or before it (valueDate: interest and a matured
  -- deposit paid by a run that caught up late count from the day they were due).
  later AS (
    SELECT po.account_id AS ledger_id, sum(po.amount_minor) AS amount_minor
      FROM postings po JOIN journals j ON j.id = po.journal_id
     WHERE po.created_at >= day_ends AND po.account_id IN (SELECT c.ledger_id FROM chunk c)
       AND NOT coalesce((j.metadata->>'valueDate')::date <= p_date, false)
     GROUP BY po.account_id
  ),
  earning AS (
    SELECT c.account_id, c.currency, c.days_in_year, c.locked_rate, c.product,
           c.balance_minor - coalesce(la.amount_minor, 0) AS balance_minor
      FROM chunk c LEFT JOIN later la ON la.ledger_id = c.ledger_id
     WHERE c.status IN ('active', 'frozen') AND (c.product <> 'fixed_deposit' OR c.locked_rate IS NOT NULL)
  ),
  day AS (
    SELECT e.account_id, e.currency,
           CASE WHEN e.product = 'fixed_deposit' THEN daily_interest_minor(e.balance_minor, e.locked_rate, e.days_in_year)
                ELSE round(coalesce(t.weighted, 0) / (100 * e.days_in_year), 10) END AS amount_minor,
           CASE WHEN e.product = 'fixed_deposit' THEN e.locked_rate ELSE t.low END AS rate_low,
           CASE WHEN e.product = 'fixed_deposit' THEN e.locked_rate ELSE t.high END AS rate_high
      FROM earning e
      LEFT JOIN LATERAL (
        -- Each tier's rate on the part of the balance inside it; the rates that applied to some of it (or the first
        -- tier's, on an empty account) for the posting's description.
        SELECT sum(greatest(0, least(e.balance_minor, coalesce(t.to_minor, e.balance_minor)) - t.from_minor) * t.rate_percent) AS weighted,
               min(t.rate_percent) FILTER (WHERE t.from_minor < e.balance_minor OR t.from_minor = 0) AS low,
               max(t.rate_percent) FILTER (WHERE t.from_minor < e.balance_minor OR t.from_minor = 0) AS high
          FROM tiers t WHERE t.product = e.product
      ) t ON e.product <> 'fixed_deposit'
  ),
  accrued AS (
    UPDATE interest_accruals s
       SET accrued_through = p_date,
           accrued_minor = s.accrued_minor + d.amount_minor,
           rate_low = least(s.rate_low, d.rate_low),
           rate_high = greatest(s.rate_high, d.rate_high)
      FROM day d
     WHERE s.account_id = d.account_id AND s.accrued_through = p_date - 1
    RETURNING s.account_id, d.currency, d.amount_minor
  ),
  per_currency AS (
    SELECT a.currency, sum(a.amount_minor) AS amount_minor, count(*) AS accounts FROM accrued a GROUP BY a.currency
  ),
  books AS (
    INSERT INTO interest_books AS b (currency, accrued_minor)
    SELECT pc.currency, pc.amount_minor FROM per_currency pc
    ON CONFLICT (currency) DO UPDATE SET accrued_minor = b.accrued_minor + EXCLUDED.accrued_minor
  ),
  tallies AS (
    INSERT INTO end_of_day_totals AS t (business_date, currency, accrued_minor)
    SELECT p_date, pc.currency, pc.amount_minor FROM per_currency pc
    ON CONFLICT (business_date, currency) DO UPDATE SET accrued_minor = t.accrued_minor + EXCLUDED.accrued_minor
  ),
  run AS (
    UPDATE end_of_day_runs r SET accounts_accrued = r.accounts_accrued + (SELECT count(*) FROM accrued)::integer
     WHERE r.business_date = p_date
  )
  SELECT (SELECT count(*) FROM chunk)::integer, (SELECT count(*) FROM accrued)::integer, (SELECT c.account_id FROM chunk c ORDER BY c.account_id DESC LIMIT 1);
END
$$;

-- Gives every interest-bearing account that is open by the end of `p_date` and has no accrual row one, so that it
-- accrues from `p_date` on: from its opening day, or (an account that already existed when interest began) from the
-- first run. Answers how many it added.
CREATE OR REPLACE FUNCTION start_interest_accruals(p_date date, p_zone text) RETURNS integer
  LANGUAGE sql
  SET search_path = public, pg_temp
AS $$
  WITH added AS (
    INSERT INTO interest_accruals (account_id, accrued_through)
    SELECT a.id, greatest((a.opened_at AT TIME ZONE p_zone)::date, p_date) - 1
      FROM accounts a JOIN deposit_products p ON p.code = a.product AND p.interest_bearing
     WHERE a.status IN ('active', 'frozen') AND a.opened_at < (p_date + 1)::timestamp AT TIME ZONE p_zone
       AND NOT EXISTS (SELECT 1 FROM interest_accruals s WHERE s.account_id = a.id)
    ON CONFLICT (account_id) DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::integer FROM added
$$;

-- The ledger's accrued-interest payable follows the books: per currency, whatever of the interest accrued so far
-- (rounded down to the minor unit) the ledger has not booked yet moves from interest expense to interest payable
-- (or back, when accrued interest was forfeited). Safe to call at any time, any number of times. Answers the
-- number of journals it booked.
CREATE OR REPLACE FUNCTION book_interest_accruals() RETURNS integer
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  b record;
  difference bigint;
  expense bigint;
  payable bigint;
  booked integer := 0;
BEGIN
  FOR b IN SELECT * FROM interest_books ORDER BY currency FOR UPDATE LOOP
    difference := floor(b.accrued_minor)::bigint - b.booked_minor;
    CONTINUE WHEN difference = 0;
    INSERT INTO ledger_accounts (code, kind, currency) VALUES ('interest_expense:' || b.currency, 'internal', b.currency), ('interest_payable:' || b.currency, 'internal', b.currency)
      ON CONFLICT (code) DO NOTHING;
    SELECT id INTO expense FROM ledger_accounts WHERE code = 'interest_expense:' || b.currency;
    SELECT id INTO payable FROM ledger_accounts WHERE code = 'interest_payable:' || b.currency;
    PERFORM post_journal('interest_accrual', 'IA' || replace(uuid_v7()::text, '-', ''),
      CASE WHEN difference > 0 THEN format('Interest accrued on deposits (%s)', b.currency) ELSE format('Accrued interest forfeited (%s)', b.currency) END,
      jsonb_build_object('accruedMinor', b.accrued_minor::text),
      ARRAY[expense, payable], ARRAY[-difference, difference], ARRAY[b.currency::text, b.currency::text]);
    UPDATE interest_books SET booked_minor = booked_minor + difference WHERE currency = b.currency;
    booked := booked + 1;
  END LOOP;
  RETURN booked;
END
$$;

-- " at 2.25%", " at 1.50% to 2.25%", or nothing when no rate applied.
CREATE OR REPLACE FUNCTION interest_rate_words(rate_low numeric, rate_high numeric) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path = public, pg_temp
AS $$
  SELECT CASE WHEN rate_low IS NULL THEN ''
              WHEN rate_low = rate_high THEN format(' at %s%%', to_char(rate_low, 'FM990.0099'))
              ELSE format(' at %s%% to %s%%', to_char(rate_low, 'FM990.0099'), to_char(rate_high, 'FM990.0099')) END
$$;

-- Pays each account its interest accrued up to `p_date` (the last day of a month; the payment is dated the first of
-- the next), for the next `p_limit` accounts after `p_after` that earn monthly (not term deposits, which are paid at
-- maturity) and have accrued `p_date` but not been paid for it: the accrued amount rounded down to the minor unit
-- moves from interest payable to the account, one journal each, and the fraction stays accrued. Idempotent per
-- account and date (`posted_through`, and the journal's reference, unique per account and month). Answers how many
-- accounts it picked, how many it paid and the last one.
--
-- The month end books set-wise, not through post_journals: a million journals judged one by one took a quarter of an
-- hour (docs/performance.md#end-of-day). What post_journals judges does not arise here, and what it guarantees still
-- holds: every journal balances and every balance is the sum of its postings (the postings' and journals' triggers,
-- which check each statement); each is a credit, so no balance falls; the accounts are locked in id order, as
-- post_journals locks them, and a closed account (closed under that lock) is not paid and keeps its accrual; the
-- reference is unique, so no account is paid twice for a month (docs/decisions/0063-interest.md).
CREATE OR REPLACE FUNCTION post_interest(p_date date, p_after uuid, p_limit integer)
  RETURNS TABLE (picked integer, paid integer, last_account uuid)
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  month_name text := trim(to_char(p_date, 'FMMonth YYYY'));
  reference_prefix text := 'INT' || to_char(p_date, 'YYYYMMDD');
  n_picked integer;
  n_paid integer;
  last_id uuid;
  ids uuid[];
  ledger_ids bigint[];
  closed_ids bigint[];
  open_ids uuid[];
BEGIN
  -- Every currency that accrued has its books row (accrue_interest).
  INSERT INTO ledger_accounts (code, kind, currency)
  SELECT 'interest_payable:' || b.currency, 'internal', b.currency FROM interest_books b
  ON CONFLICT (code) DO NOTHING;

  -- The chunk's accrual rows, held until the chunk commits: what is paid is what the statements below read
  -- (closing an account takes the same lock first).
  SELECT count(*)::integer, (array_agg(c.account_id ORDER BY c.account_id DESC))[1], array_agg(c.account_id ORDER BY c.account_id), array_agg(c.ledger_id ORDER BY c.account_id)
    INTO n_picked, last_id, ids, ledger_ids
    FROM (SELECT s.account_id, a.ledger_account_id AS ledger_id
            FROM interest_accruals s JOIN accounts a ON a.id = s.account_id
           WHERE s.account_id > coalesce(p_after, '00000000-0000-0000-0000-000000000000'::uuid)
             AND s.accrued_through >= p_date AND (s.posted_through IS NULL OR s.posted_through < p_date)
             AND a.product <> 'fixed_deposit'
           ORDER BY s.account_id
           LIMIT p_limit
             FOR UPDATE OF s) c;
  IF n_picked = 0 THEN
    RETURN QUERY SELECT 0, 0, NULL::uuid;
    RETURN;
  END IF;

  -- The accounts and the payable accounts, locked in id order as post_journals locks them; a closed account is left
  -- out of what follows.
  SELECT coalesce(array_agg(k.id) FILTER (WHERE k.closed), '{}') INTO closed_ids
    FROM (SELECT l.id, l.closed FROM ledger_accounts l
           WHERE l.id = ANY(ledger_ids || ARRAY(SELECT p.id FROM ledger_accounts p JOIN interest_books b ON p.code = 'interest_payable:' || b.currency))
           ORDER BY l.id FOR UPDATE) k;
  open_ids := ARRAY(SELECT x.account_id FROM unnest(ids, ledger_ids) x(account_id, ledger_id) WHERE x.ledger_id <> ALL(closed_ids));

  -- Every lookup below is a probe by key from one account of the chunk at a time (LATERAL ... OFFSET 0 keeps the
  -- planner from joining whole lists it cannot size, which compared every pair).
  WITH due AS (
    SELECT k.*
      FROM unnest(open_ids) x(account_id)
     CROSS JOIN LATERAL (
       SELECT a.id AS account_id, reference_prefix || a.number AS reference, floor(s.accrued_minor)::bigint AS amount_minor,
              format('Interest for %s%s', month_name, interest_rate_words(s.rate_low, s.rate_high)) AS description, s.rate_low, s.rate_high
         FROM accounts a JOIN interest_accruals s ON s.account_id = a.id
        WHERE a.id = x.account_id
       OFFSET 0) k
     WHERE k.amount_minor > 0
  ),
  booked AS (
    INSERT INTO journals (reference, kind, description, metadata)
    SELECT d.reference, 'interest', d.description,
           jsonb_build_object('accountId', d.account_id, 'period', to_char(p_date, 'YYYY-MM'), 'valueDate', p_date + 1, 'rateLow', d.rate_low, 'rateHigh', d.rate_high)
      FROM due d
    RETURNING id, reference
  ),
  -- Each journal and its two postings in one statement (journals_posted refuses a journal left without them); the
  -- account is found again from the reference (the account number follows INT and the date).
  legs AS (
    INSERT INTO postings (journal_id, account_id, amount_minor, currency)
    SELECT b.id, leg.account_id, leg.amount_minor, k.currency
      FROM booked b
     CROSS JOIN LATERAL (
       SELECT l.id AS ledger_id, l.currency, floor(s.accrued_minor)::bigint AS amount_minor, p.id AS payable_id
         FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id JOIN interest_accruals s ON s.account_id = a.id
         JOIN ledger_accounts p ON p.code = 'interest_payable:' || l.currency
        WHERE a.number = substr(b.reference, length(reference_prefix) + 1)
       OFFSET 0) k
     CROSS JOIN LATERAL (VALUES (k.ledger_id, k.amount_minor), (k.payable_id, -k.amount_minor)) leg(account_id, amount_minor)
  )
  SELECT count(*)::integer INTO n_paid FROM booked;

  -- The customer-visible rows, with each account's balance after its payment (the postings have moved it, under lock).
  INSERT INTO transactions (id, reference, customer_id, account_id, type, kind, status, description, category, amount_minor, fee_minor, currency,
                            recipient, counterparty, balance_after_minor, channel, metadata)
  SELECT uuid_v7(), k.reference, k.customer_id, k.ledger_id, 'credit', 'interest', 'success', k.description, 'Interest', k.amount_minor, 0, k.currency,
         NULL, 'Strongroom', k.balance_minor, 'Interest posting', jsonb_build_object('period', to_char(p_date, 'YYYY-MM'), 'valueDate', p_date + 1)
    FROM unnest(open_ids) x(account_id)
   CROSS JOIN LATERAL (
     SELECT j.reference, j.description, a.customer_id, l.id AS ledger_id, l.currency, l.balance_minor, floor(s.accrued_minor)::bigint AS amount_minor
       FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id JOIN interest_accruals s ON s.account_id = a.id
       JOIN journals j ON j.reference = reference_prefix || a.number
      WHERE a.id = x.account_id
     OFFSET 0) k;

  -- The run's tallies (one statement per chunk), then the accruals: what was paid leaves them and the fraction stays;
  -- an account with less than a minor unit accrued is paid nothing this month, its fraction waits for the next.
  INSERT INTO end_of_day_totals AS t (business_date, currency, posted_minor)
  SELECT p_date, k.currency, sum(k.amount_minor)
    FROM unnest(open_ids) x(account_id)
   CROSS JOIN LATERAL (
     SELECT l.currency, floor(s.accrued_minor)::bigint AS amount_minor
       FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id JOIN interest_accruals s ON s.account_id = a.id
      WHERE a.id = x.account_id
     OFFSET 0) k
   WHERE k.amount_minor > 0
   GROUP BY k.currency
  ON CONFLICT (business_date, currency) DO UPDATE SET posted_minor = t.posted_minor + EXCLUDED.posted_minor;
  UPDATE interest_accruals s
     SET accrued_minor = s.accrued_minor - floor(s.accrued_minor), posted_through = p_date, rate_low = NULL, rate_high = NULL
   WHERE s.account_id = ANY(open_ids);
  UPDATE end_of_day_runs r SET accounts_posted = r.accounts_posted + n_paid WHERE r.business_date = p_date;

  RETURN QUERY SELECT n_picked, n_paid, last_id;
END
$$;

-- Ends an account's accrual when the account closes, a term deposit matures or is withdrawn, or (`p_keep`) a term
-- deposit renews: of what it has accrued, `p_forfeit_minor` is forfeited (an early withdrawal's last days), the rest
-- rounded down to the minor unit is answered for the caller to pay in the same transaction, and what is not paid
-- (the forfeit and the fraction below a minor unit) leaves the books, and the ledger's payable with it. Without
-- `p_keep` the accrual row goes; with it, the row starts again from nothing.
CREATE OR REPLACE FUNCTION end_interest_accrual(p_account uuid, p_forfeit_minor numeric, p_keep boolean) RETURNS bigint
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  accrued numeric;
  currency_code text;
  payable bigint;
BEGIN
  SELECT s.accrued_minor, l.currency INTO accrued, currency_code
    FROM interest_accruals s JOIN accounts a ON a.id = s.account_id JOIN ledger_accounts l ON l.id = a.ledger_account_id
   WHERE s.account_id = p_account FOR UPDATE OF s;
  IF NOT FOUND THEN RETURN 0; END IF;
  payable := greatest(0, floor(accrued - greatest(p_forfeit_minor, 0)))::bigint;
  IF p_keep THEN
    UPDATE interest_accruals SET accrued_minor = 0, rate_low = NULL, rate_high = NULL WHERE account_id = p_account;
  ELSE
    DELETE FROM interest_accruals WHERE account_id = p_account;
  END IF;
  UPDATE interest_books SET accrued_minor = accrued_minor - (accrued - payable) WHERE currency = currency_code;
  PERFORM book_interest_accruals();
  RETURN payable;
END
$$;
