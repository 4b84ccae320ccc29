-- The crypto wallet (docs/decisions/0014-crypto-units.md). Rules for this folder: docs/decisions/0056-sql-sources.md.

-- A holding's units mean 10^-unit_decimals of its asset forever (holdings are ledger accounts in integer units):
-- once set, an asset's scale never changes.
CREATE OR REPLACE FUNCTION crypto_unit_decimals_fixed() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF NEW.unit_decimals <> OLD.unit_decimals THEN
    RAISE EXCEPTION 'the unit of a custody asset cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER crypto_options_unit_fixed
  BEFORE UPDATE OF unit_decimals ON crypto_options
  FOR EACH ROW EXECUTE FUNCTION crypto_unit_decimals_fixed();
