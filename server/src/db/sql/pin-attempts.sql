-- A customer's PIN attempts, in a narrow table of their own (docs/decisions/0017-pin-attempts.md). Rules for this
-- folder: docs/decisions/0056-sql-sources.md.

-- Every customer has their row from the start, however they were made (enrolment, the seed, a bench), so taking an
-- attempt is always an UPDATE of one small row (server/src/modules/pin/pin-attempts.ts).
CREATE OR REPLACE FUNCTION customer_pin_attempts() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO pin_attempts (customer_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER customer_pin_attempts
  AFTER INSERT ON customers
  FOR EACH ROW EXECUTE FUNCTION customer_pin_attempts();
