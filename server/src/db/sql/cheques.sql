-- Cheque deposits (docs/decisions/0013-cheque-deposits.md). Rules for this folder: docs/decisions/0056-sql-sources.md.

-- One paper cheque, however it is typed: the drawer's bank (case and spacing ignored), the cheque number and the
-- account number (any separators ignored). A unique index on cheques that are not rejected is built on this key, so
-- two deposits of the same cheque cannot both slip in, even at the same instant. The index stores the key: a
-- migration that changes this body must rebuild that index in the same migration (REINDEX), or rows keep old keys.
CREATE OR REPLACE FUNCTION cheque_drawer_key(bank text, cheque_number text, account_number text) RETURNS text
  LANGUAGE sql
  IMMUTABLE PARALLEL SAFE
  SET search_path = public, pg_temp
AS $$
  SELECT lower(regexp_replace(btrim(bank), '\s+', ' ', 'g')) || '|' ||
         upper(regexp_replace(cheque_number, '[^A-Za-z0-9]', '', 'g')) || '|' ||
         upper(regexp_replace(coalesce(account_number, ''), '[^A-Za-z0-9]', '', 'g'))
$$;
