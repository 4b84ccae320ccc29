-- Searching a customer's transactions by the words of their description or recipient
-- (docs/decisions/0021-search-by-words.md). Rules for this folder: docs/decisions/0056-sql-sources.md.

-- What a person typed, as a query for the word index on transactions (to_tsvector('simple', description || ' ' ||
-- coalesce(recipient, ''))): the same parser splits it into words, each a prefix, all required. Each word is quoted
-- for tsquery (a backslash and a quote escaped), so nothing typed is read as an operator. Immutable, so the planner
-- folds it into a constant and can weigh the index against the customer's own list
-- (server/src/modules/transactions/transactions.service.ts).
CREATE OR REPLACE FUNCTION transaction_search_query(typed text) RETURNS tsquery
  LANGUAGE sql
  IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = public, pg_temp
AS $$
  SELECT string_agg('''' || replace(replace(word, '\', '\\'), '''', '''''') || ''':*', ' & ')::tsquery
    FROM unnest(tsvector_to_array(to_tsvector('simple', typed))) word
$$;
