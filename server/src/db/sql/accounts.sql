-- Accounts: what a customer holds, separate from the customer (docs/decisions/0062-accounts.md). Rules for this
-- folder: docs/decisions/0056-sql-sources.md.
--
-- Each account has exactly one ledger account (accounts.ledger_account_id, unique), owned by the account's owner.
-- A customer's primary account is the one their customer row names (customers.account_number and currency, the
-- number they sign in with); its ledger account is the customer's one ledger account in that currency that is not
-- `secondary_account`, so every query that finds a customer's money by (customer, currency) still finds exactly the
-- primary account. Every further account's ledger account is `secondary_account`.

-- An account and its ledger account agree: same owner, same currency, a customer's account, and secondary exactly
-- when the account is not the primary one. Checked when the account is written; neither side changes afterwards
-- (accounts_ledger_kept).
CREATE OR REPLACE FUNCTION check_account_ledger() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE agrees boolean;
BEGIN
  SELECT l.kind = 'customer' AND l.customer_id = NEW.customer_id AND l.currency = NEW.currency AND l.secondary_account = NOT NEW.is_primary
    INTO agrees FROM ledger_accounts l WHERE l.id = NEW.ledger_account_id;
  IF agrees IS NOT TRUE THEN
    RAISE EXCEPTION 'account % does not match its ledger account %', NEW.number, NEW.ledger_account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER accounts_match_ledger
  BEFORE INSERT ON accounts
  FOR EACH ROW EXECUTE FUNCTION check_account_ledger();

CREATE OR REPLACE FUNCTION forbid_account_identity_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  RAISE EXCEPTION 'an account keeps its number, owner, currency and ledger account' USING ERRCODE = 'check_violation';
END
$$;

-- Fires only when an identifying column would change: a rename or a status change never pays for it.
CREATE OR REPLACE TRIGGER accounts_ledger_kept
  BEFORE UPDATE OF number, customer_id, currency, ledger_account_id, is_primary ON accounts
  FOR EACH ROW WHEN (NEW.number IS DISTINCT FROM OLD.number OR NEW.customer_id IS DISTINCT FROM OLD.customer_id
                     OR NEW.currency IS DISTINCT FROM OLD.currency OR NEW.ledger_account_id IS DISTINCT FROM OLD.ledger_account_id
                     OR NEW.is_primary IS DISTINCT FROM OLD.is_primary)
  EXECUTE FUNCTION forbid_account_identity_change();

-- A customer's first ledger account in their own currency is their primary account: every way a customer is made
-- (enrolment, the demo seed, the bench's population, a test's fixture) gets its account record from here, so no
-- customer is ever without one. Crypto wallets (another currency) and secondary accounts are left alone.
CREATE OR REPLACE FUNCTION open_primary_account() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO accounts (number, customer_id, ledger_account_id, is_primary, product, currency, name, status, opened_at)
  SELECT c.account_number, c.id, NEW.id, true, primary_product_of(c.account_type), c.currency,
         primary_name_of(primary_product_of(c.account_type)), 'active', NEW.created_at
    FROM customers c
   WHERE c.id = NEW.customer_id AND c.currency = NEW.currency;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER ledger_accounts_open_primary
  AFTER INSERT ON ledger_accounts
  FOR EACH ROW WHEN (NEW.kind = 'customer' AND NOT NEW.secondary_account)
  EXECUTE FUNCTION open_primary_account();

-- The product of the primary account an enrolment's account type opens. A term deposit cannot take payments, so
-- 'fixed deposit' opens a savings account, from which term deposits are funded.
CREATE OR REPLACE FUNCTION primary_product_of(p_account_type text) RETURNS text
  LANGUAGE sql
  IMMUTABLE PARALLEL SAFE
  SET search_path = pg_catalog
AS $$
  SELECT CASE p_account_type WHEN 'checking' THEN 'checking' WHEN 'business' THEN 'business' ELSE 'savings' END
$$;

-- An account's name until its holder gives it another.
CREATE OR REPLACE FUNCTION primary_name_of(p_product text) RETURNS text
  LANGUAGE sql
  IMMUTABLE PARALLEL SAFE
  SET search_path = pg_catalog
AS $$
  SELECT CASE p_product WHEN 'checking' THEN 'Current account' WHEN 'business' THEN 'Business account'
                        WHEN 'fixed_deposit' THEN 'Term deposit' ELSE 'Savings account' END
$$;

-- A card, loan, cheque, standing order, payment or incoming payment made without naming an account is on its
-- customer's primary account, as every one was before customers could hold several.
CREATE OR REPLACE FUNCTION fill_primary_account() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  SELECT a.id INTO NEW.account_id FROM accounts a WHERE a.customer_id = NEW.customer_id AND a.is_primary;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER cards_on_primary_account
  BEFORE INSERT ON cards
  FOR EACH ROW WHEN (NEW.account_id IS NULL)
  EXECUTE FUNCTION fill_primary_account();

CREATE OR REPLACE TRIGGER loans_on_primary_account
  BEFORE INSERT ON loans
  FOR EACH ROW WHEN (NEW.account_id IS NULL)
  EXECUTE FUNCTION fill_primary_account();

CREATE OR REPLACE TRIGGER cheques_on_primary_account
  BEFORE INSERT ON cheques
  FOR EACH ROW WHEN (NEW.account_id IS NULL)
  EXECUTE FUNCTION fill_primary_account();

CREATE OR REPLACE TRIGGER standing_orders_on_primary_account
  BEFORE INSERT ON standing_orders
  FOR EACH ROW WHEN (NEW.account_id IS NULL)
  EXECUTE FUNCTION fill_primary_account();

CREATE OR REPLACE TRIGGER transfers_on_primary_account
  BEFORE INSERT ON transfers
  FOR EACH ROW WHEN (NEW.account_id IS NULL)
  EXECUTE FUNCTION fill_primary_account();

CREATE OR REPLACE TRIGGER incoming_payments_on_primary_account
  BEFORE INSERT ON incoming_payments
  FOR EACH ROW WHEN (NEW.account_id IS NULL)
  EXECUTE FUNCTION fill_primary_account();
