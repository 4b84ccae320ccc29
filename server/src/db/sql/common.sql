-- Functions more than one area of the bank uses. The rules for every file in this folder are in
-- docs/decisions/0056-sql-sources.md: each holds the whole current definition of what the database runs, and a
-- change to one goes with a migration that re-applies it (server/src/db/sql-sources.ts).

-- The trigger function of every append-only table: the audit log, journals and postings, the review queue's
-- history, reference data's history; and of ledger accounts, which are never deleted. Refused as a privilege
-- error, as the app role's own UPDATE and DELETE are on the append-only tables (server/src/db/roles.ts).
CREATE OR REPLACE FUNCTION forbid_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;

-- Time-ordered ids (UUID version 7, RFC 9562) for customer-visible rows, as references already are
-- (server/src/modules/ledger/ledger.service.ts). A random key puts each new row on a random page of the primary
-- key, and after every checkpoint the first change to a page writes the whole page to the WAL; ordered keys fill
-- the index's right edge. PostgreSQL 18 has uuidv7(); 15 and 17 do not: this is a version 4 UUID whose first 48
-- bits are replaced by the time in milliseconds and whose version bits are turned from 4 into 7.
-- Its search_path puts pg_catalog first: the built-in gen_random_uuid() answers, not pgcrypto's of the same name in public.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid
  LANGUAGE sql
  VOLATILE PARALLEL SAFE
  SET search_path = pg_catalog, public
AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
           PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
         52, 1), 53, 1), 'hex')::uuid
$$;
