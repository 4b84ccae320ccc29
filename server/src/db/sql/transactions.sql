-- Customer-visible rows (transactions): whose they are. Rules for this folder: docs/decisions/0056-sql-sources.md.
--
-- A row must be on an account of its own customer, and whose row it is never changes. Checked once per INSERT
-- statement (its transition table) instead of two foreign-key lookups per row, each of which also locked the
-- customer's row (docs/performance.md#ledger-checks-once-per-batch). That is stronger than the two keys were, and
-- enough: an account is never deleted (ledger.sql), and a customer with an account cannot be (ledger_accounts' key).

CREATE OR REPLACE FUNCTION check_transaction_owners() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_transactions n LEFT JOIN ledger_accounts a ON a.id = n.account_id WHERE a.customer_id IS DISTINCT FROM n.customer_id) THEN
    RAISE EXCEPTION 'a transaction must be on an account of its own customer' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER transactions_owned
  AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION check_transaction_owners();

CREATE OR REPLACE FUNCTION forbid_owner_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  RAISE EXCEPTION 'a transaction stays with its customer and account' USING ERRCODE = 'foreign_key_violation';
END
$$;

-- Fires only when the customer or the account would change: a status update never pays for it.
CREATE OR REPLACE TRIGGER transactions_owner_kept
  BEFORE UPDATE OF customer_id, account_id ON transactions
  FOR EACH ROW WHEN (NEW.customer_id IS DISTINCT FROM OLD.customer_id OR NEW.account_id IS DISTINCT FROM OLD.account_id)
  EXECUTE FUNCTION forbid_owner_change();
