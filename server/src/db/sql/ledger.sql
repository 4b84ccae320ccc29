-- The double-entry ledger (docs/decisions/0011-ledger.md): what the database itself guarantees about money, and the
-- one function every booking goes through but the month end's interest, which books set-wise under the same
-- triggers (post_interest in interest.sql). Rules for this folder: docs/decisions/0056-sql-sources.md.
--
-- The database guarantees, whatever the server does: every journal balances per currency (apply_postings,
-- journals_posted), a customer's balance never goes negative (ledger_accounts' CHECK), a stored balance is the sum of
-- its postings and changes only through them (apply_postings, ledger_accounts_guard), journals and postings never
-- change and accounts are never deleted (forbid_change, in common.sql).

-- Balances change only through postings: apply_postings updates them from inside the postings' trigger (depth 2).
-- The trigger fires only when a balance changes, not for the daily outbound total beside it
-- (docs/performance.md#ledger-checks-once-per-batch).
CREATE OR REPLACE FUNCTION guard_balance() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF NEW.balance_minor <> OLD.balance_minor AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'balances change only through postings' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER ledger_accounts_guard
  BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (NEW.balance_minor <> OLD.balance_minor)
  EXECUTE FUNCTION guard_balance();

-- Accounts, like journals, are never deleted: apply_postings checks the postings' accounts and journals once per
-- statement instead of through foreign keys (a third of a batch's booking cost was those per-row lookups).
CREATE OR REPLACE TRIGGER ledger_accounts_never_deleted
  BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

CREATE OR REPLACE TRIGGER journals_immutable
  BEFORE UPDATE OR DELETE ON journals
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

CREATE OR REPLACE TRIGGER postings_immutable
  BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

-- Once per INSERT statement on postings (its transition table): each posting's journal exists and was created by this
-- transaction, each journal's postings of the statement balance per currency, and every balance moves by the sum of
-- its postings in one UPDATE, in the account's own currency. Postings join only a journal of their own transaction,
-- and each statement's share of a journal balances on its own, so no later statement can unbalance a journal
-- (docs/performance.md#journals-balanced-per-statement).
--
-- A statement posts to a handful of accounts: its plans probe them by key and never scan a table, whatever the
-- statistics say (hash and merge joins off; a generic plan). The limited accounts' new daily outbound totals come
-- from post_journals through a setting local to the transaction, written in the same row version as the balance
-- (docs/performance.md#outbound-total-written-with-the-balance); the setting carries nothing but those totals. MATERIALIZED parses
-- it once per statement, not once per account.
CREATE OR REPLACE FUNCTION apply_postings() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  SET search_path = public, pg_temp
AS $$
DECLARE groups int; updated int; missing boolean; earlier boolean; unbalanced text;
BEGIN
  SELECT coalesce(bool_or(j.id IS NULL), false), coalesce(bool_or(j.txid <> txid_current()), false) INTO missing, earlier
    FROM (SELECT DISTINCT journal_id FROM new_postings) n
    LEFT JOIN LATERAL (SELECT j.id, j.txid FROM journals j WHERE j.id = n.journal_id OFFSET 0) j ON true;
  IF missing THEN
    RAISE EXCEPTION 'posting to a journal that does not exist' USING ERRCODE = 'SRB03';
  END IF;
  IF earlier THEN
    RAISE EXCEPTION 'postings can only join a journal in the transaction that creates it' USING ERRCODE = 'check_violation';
  END IF;
  -- Each statement's postings of a journal balance on their own, so the journal balances whatever statements wrote it.
  SELECT min(g.journal_id || ' in ' || g.currency || ' by ' || g.total) INTO unbalanced
    FROM (SELECT journal_id, currency, sum(amount_minor) AS total FROM new_postings GROUP BY journal_id, currency) g WHERE g.total <> 0;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal % is unbalanced', unbalanced USING ERRCODE = 'check_violation';
  END IF;
  -- One UPDATE per statement: each account's balance by the sum of its postings, and its outbound total if
  -- post_journals handed one over. An account missing or in another currency leaves a group un-updated.
  WITH s AS (SELECT account_id, currency, sum(amount_minor) AS total FROM new_postings GROUP BY account_id, currency),
       o AS MATERIALIZED (SELECT nullif(current_setting('strongroom.outbound_minor', true), '')::jsonb AS today),
       u AS (UPDATE ledger_accounts a SET balance_minor = a.balance_minor + s.total,
                    outbound_day = CASE WHEN o.today ? (a.id::text) THEN current_date ELSE a.outbound_day END,
                    outbound_minor = coalesce((o.today->>(a.id::text))::bigint, a.outbound_minor)
               FROM s, o WHERE a.id = s.account_id AND a.currency = s.currency RETURNING a.id)
  SELECT (SELECT count(*) FROM s), (SELECT count(*) FROM u) INTO groups, updated;
  IF groups <> updated THEN
    RAISE EXCEPTION 'posting to an unknown account or in another currency than its account' USING ERRCODE = 'SRB03';
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER postings_apply
  AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION apply_postings();

-- A journal written without postings is refused when its statement ends. post_journals writes a journal and its
-- postings in one statement, so with apply_postings' check every journal is balanced when its statement ends.
CREATE OR REPLACE FUNCTION check_journals_posted() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET search_path = public, pg_temp
AS $$
DECLARE bare bigint;
BEGIN
  SELECT n.id INTO bare FROM new_journals n WHERE NOT EXISTS (SELECT 1 FROM postings p WHERE p.journal_id = n.id) LIMIT 1;
  IF bare IS NOT NULL THEN
    RAISE EXCEPTION 'journal % is unbalanced: it has no postings (a journal and its postings are written by one statement)', bare USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER journals_posted
  AFTER INSERT ON journals
  REFERENCING NEW TABLE AS new_journals
  FOR EACH STATEMENT EXECUTE FUNCTION check_journals_posted();

-- Books a batch of journals in one call (group commit; server/src/modules/ledger/ledger.service.ts sends them).
--
-- It locks every account of the batch in id order, judges each journal on its own and in order against the running
-- balances (currencies, funds, the daily outbound limit, its Idempotency-Key), so one refusal never affects the
-- others, and writes the accepted ones set-wise: one statement per table for the whole batch
-- (docs/performance.md#ledger-checks-once-per-batch and #journals-balanced-per-statement).
--
-- An item: { kind, reference, description, metadata, postings: [{ a, amt, cur }], entries: [...],
--            limit: { accountId, debitMinor, limitMinor } | null, idem: { scope, key, hash, status, ref } | null,
--            pinReset: customer id | null }.
-- The answer: { results: [...], entries: { reference: { id, created_at, balance_after_minor } } }, a result per item
-- in order: { status: 'ok', journalId, balances } | { status: 'refused', code, message } | { status: 'in_progress' }
-- | { status: 'used' }. Refusal codes: SRB01 insufficient funds, SRB02 over the daily outbound limit, SRB03 a ledger
-- invariant broken by the caller, SRB06 a posting to a closed account, SRB07 a debit of a frozen one
-- (ledger_accounts.closed and frozen, judged under the account's lock: a payment on its way when the account closed
-- or froze is refused too; a frozen account still receives). bigints travel as strings: JSON numbers would lose cents above 2^53 in JavaScript.
--
-- Every lookup is a probe by key (keys under their advisory lock, accounts by = ANY(ids)), and the plan is generic:
-- its cost must not grow with the ledger's history. A customer-visible row takes the id the server chose
-- (time-ordered), or uuid_v7() when it comes without one. The answer carries, for each row it wrote, only what the
-- database chose (id, time, balance after); the server built the rest. A journal's pinReset starts its customer's
-- PIN attempts again in the booking's own commit (docs/decisions/0017-pin-attempts.md); only booked journals reset.
CREATE OR REPLACE FUNCTION post_journals(p_batch jsonb) RETURNS jsonb
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET search_path = public, pg_temp
AS $$
DECLARE
  n int := CASE WHEN jsonb_typeof(p_batch) = 'array' THEN jsonb_array_length(p_batch) END;
  results jsonb[];
  afters jsonb[];
  item jsonb;
  seen record;
  posting jsonb;
  account_ids bigint[];
  limited_ids bigint[] := '{}';
  bal jsonb;                       -- account id -> running balance
  kinds jsonb;                     -- account id -> 'customer' | 'internal' | 'closed' | 'frozen'
  currencies jsonb;                -- account id -> currency
  spent jsonb;                     -- account id -> outbound today, running
  tent jsonb;
  limited text;
  new_spent bigint;
  refusal text;
  refusal_message text;
  booked int := 0;
  jmap jsonb;
  entry_rows jsonb;
  refs text[];                     -- each booked journal's reference
  pin_ids uuid[] := '{}';          -- the customers whose PIN attempts start again
BEGIN
  IF n IS NULL THEN
    RAISE EXCEPTION 'post_journals takes a JSON array of journals' USING ERRCODE = 'SRB03';
  END IF;
  IF n = 0 THEN RETURN '{"results":[],"entries":{}}'::jsonb; END IF;
  results := array_fill(NULL::jsonb, ARRAY[n]);
  afters := array_fill(NULL::jsonb, ARRAY[n]);
  refs := array_fill(NULL::text, ARRAY[n]);

  -- Idempotency-Keys: one in flight elsewhere is 'in_progress'; one recorded before is 'used'.
  -- CASE tries the lock first and looks for the key only once it holds it.
  FOR seen IN
    SELECT b.o::int AS o,
           CASE WHEN NOT pg_try_advisory_xact_lock(hashtextextended((b.it->'idem'->>'scope') || ' ' || (b.it->'idem'->>'key'), 0)) THEN 'in_progress'
                WHEN EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.scope = b.it->'idem'->>'scope' AND k.key = b.it->'idem'->>'key') THEN 'used' END AS state
      FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o) WHERE jsonb_typeof(b.it->'idem') = 'object'
  LOOP
    IF seen.state IS NOT NULL THEN results[seen.o] := jsonb_build_object('status', seen.state); END IF;
  END LOOP;

  -- Every account of the batch, locked in ascending id order: batches cannot deadlock each other.
  SELECT array_agg(DISTINCT (p->>'a')::bigint) INTO account_ids
    FROM jsonb_array_elements(p_batch) b(it), jsonb_array_elements(b.it->'postings') p;
  WITH locked AS (
    SELECT a.id::text AS id, CASE WHEN a.closed THEN 'closed' WHEN a.frozen THEN 'frozen' ELSE a.kind END AS kind, a.currency, a.balance_minor,
           CASE WHEN a.outbound_day = current_date THEN a.outbound_minor ELSE 0 END AS spent
      FROM ledger_accounts a WHERE a.id = ANY(account_ids) ORDER BY a.id FOR UPDATE OF a)
  SELECT coalesce(jsonb_object_agg(l.id, l.balance_minor), '{}'), coalesce(jsonb_object_agg(l.id, l.kind), '{}'),
         coalesce(jsonb_object_agg(l.id, l.currency), '{}'), coalesce(jsonb_object_agg(l.id, l.spent), '{}')
    INTO bal, kinds, currencies, spent FROM locked l;

  -- Judge each journal in order against the running balances; a refused one changes nothing.
  FOR i IN 0 .. n - 1 LOOP
    CONTINUE WHEN results[i + 1] IS NOT NULL;
    item := p_batch->i;
    refusal := NULL;
    tent := '{}'::jsonb;
    IF coalesce(jsonb_array_length(item->'postings'), 0) < 2 THEN
      refusal := 'SRB03'; refusal_message := 'a journal needs at least two postings';
    END IF;
    -- The balances after this journal, kept as strings: they are the answer as they are.
    FOR j IN 0 .. coalesce(jsonb_array_length(item->'postings'), 0) - 1 LOOP
      EXIT WHEN refusal IS NOT NULL;
      posting := item->'postings'->j;
      IF NOT currencies ? (posting->>'a') THEN
        refusal := 'SRB03'; refusal_message := format('posting to an unknown account %s', posting->>'a');
      ELSIF kinds->>(posting->>'a') = 'closed' THEN
        refusal := 'SRB06'; refusal_message := 'the account is closed';
      ELSIF kinds->>(posting->>'a') = 'frozen' AND (posting->>'amt')::bigint < 0 THEN
        refusal := 'SRB07'; refusal_message := 'the account is frozen';
      ELSIF currencies->>(posting->>'a') <> posting->>'cur' THEN
        refusal := 'SRB03'; refusal_message := format('posting in %s to a %s account', posting->>'cur', currencies->>(posting->>'a'));
      ELSE
        tent := tent || jsonb_build_object(posting->>'a', (coalesce((tent->>(posting->>'a'))::bigint, (bal->>(posting->>'a'))::bigint) + (posting->>'amt')::bigint)::text);
      END IF;
    END LOOP;
    -- The daily outbound limit, counted on the account it names, which must be one of the journal's.
    limited := item->'limit'->>'accountId';
    IF refusal IS NULL AND limited IS NOT NULL THEN
      IF NOT tent ? limited THEN
        refusal := 'SRB03'; refusal_message := format('the limited account %s is not in the journal', limited);
      ELSE
        new_spent := (spent->>limited)::bigint + (item->'limit'->>'debitMinor')::bigint;
        IF new_spent > (item->'limit'->>'limitMinor')::bigint THEN
          refusal := 'SRB02'; refusal_message := 'daily outbound limit exceeded';
        END IF;
      END IF;
    END IF;
    -- Funds: no customer account of the journal may end below zero.
    FOR j IN 0 .. coalesce(jsonb_array_length(item->'postings'), 0) - 1 LOOP
      EXIT WHEN refusal IS NOT NULL;
      posting := item->'postings'->j;
      IF kinds->>(posting->>'a') = 'customer' AND (tent->>(posting->>'a'))::bigint < 0 THEN
        refusal := 'SRB01'; refusal_message := 'insufficient funds';
      END IF;
    END LOOP;
    IF refusal IS NOT NULL THEN
      results[i + 1] := jsonb_build_object('status', 'refused', 'code', refusal, 'message', refusal_message);
      CONTINUE;
    END IF;
    bal := bal || tent;
    IF limited IS NOT NULL THEN
      spent := spent || jsonb_build_object(limited, new_spent);
      limited_ids := limited_ids || limited::bigint;
    END IF;
    afters[i + 1] := tent;
    refs[i + 1] := item->>'reference';
    IF jsonb_typeof(item->'pinReset') = 'string' THEN pin_ids := pin_ids || (item->>'pinReset')::uuid; END IF;
    results[i + 1] := '{"status":"ok"}';
    booked := booked + 1;
  END LOOP;

  IF booked = 0 THEN RETURN jsonb_build_object('results', to_jsonb(results), 'entries', '{}'::jsonb); END IF;

  -- The writes, one statement per table for the whole batch; journals and their postings in one (a journal written
  -- without postings is refused when its statement ends: journals_posted).
  -- apply_postings writes the limited accounts' new outbound totals with their balances (one row version each).
  PERFORM set_config('strongroom.outbound_minor', coalesce((SELECT jsonb_object_agg(id::text, spent->(id::text)) FROM unnest(limited_ids) id)::text, ''), true);
  WITH ins AS (INSERT INTO journals (reference, kind, description, metadata)
               SELECT b.it->>'reference', b.it->>'kind', left(b.it->>'description', 200), coalesce(b.it->'metadata', '{}'::jsonb)
                 FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o) WHERE results[b.o::int]->>'status' = 'ok'
               RETURNING id, reference),
       legs AS (INSERT INTO postings (journal_id, account_id, amount_minor, currency)
                SELECT ins.id, (p->>'a')::bigint, (p->>'amt')::bigint, p->>'cur'
                  FROM ins, jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o), jsonb_array_elements(b.it->'postings') p
                 WHERE results[b.o::int]->>'status' = 'ok' AND b.it->>'reference' = ins.reference)
  SELECT jsonb_object_agg(reference, id) INTO jmap FROM ins;
  PERFORM set_config('strongroom.outbound_minor', '', true);

  -- The customer-visible rows; the answer carries only what the database chose for each.
  WITH ins AS (
    INSERT INTO transactions (id, reference, customer_id, account_id, type, kind, status, description, category, amount_minor, fee_minor, currency,
                              recipient, counterparty, balance_after_minor, channel, location, memo, metadata, created_at)
    SELECT coalesce(e.id, uuid_v7()), e.reference, e.customer_id, e.account_id, e.type, e.kind, e.status, left(e.description, 200), e.category, e.amount_minor, coalesce(e.fee_minor, 0), e.currency,
           e.recipient, e.counterparty, coalesce(e.balance_after_minor, (afters[b.o::int]->>(e.account_id::text))::bigint), e.channel, e.location, e.memo,
           coalesce(e.metadata, '{}'::jsonb), coalesce(e.created_at, now())
      FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o),
           jsonb_to_recordset(coalesce(b.it->'entries', '[]'::jsonb)) AS e(id uuid, reference text, customer_id uuid, account_id bigint, type text, kind text, status text,
             description text, category text, amount_minor bigint, fee_minor bigint, currency text, recipient text, counterparty text,
             balance_after_minor bigint, channel text, location text, memo text, metadata jsonb, created_at timestamptz)
     WHERE results[b.o::int]->>'status' = 'ok'
    RETURNING id, reference, created_at, balance_after_minor
  )
  -- bigints travel as strings: JSON numbers would lose cents above 2^53 in JavaScript.
  SELECT coalesce(jsonb_object_agg(ins.reference, jsonb_build_object('id', ins.id, 'created_at', ins.created_at,
           'balance_after_minor', ins.balance_after_minor::text)), '{}'::jsonb)
    INTO entry_rows FROM ins;

  -- PIN attempts that start again, locked in customer id order (after the accounts, as every batch does).
  IF cardinality(pin_ids) > 0 THEN
    UPDATE pin_attempts p SET failed_count = 0, lock_count = 0
      FROM (SELECT x.customer_id FROM pin_attempts x WHERE x.customer_id = ANY(pin_ids) AND (x.failed_count <> 0 OR x.lock_count <> 0)
             ORDER BY x.customer_id FOR UPDATE OF x) l
     WHERE p.customer_id = l.customer_id;
  END IF;

  -- Keys are recorded only for journals that were booked; a refusal is recorded by the server.
  INSERT INTO idempotency_keys (scope, key, request_hash, status, response_status, response_ref)
  SELECT b.it->'idem'->>'scope', b.it->'idem'->>'key', b.it->'idem'->>'hash', 'done', (b.it->'idem'->>'status')::int, b.it->'idem'->>'ref'
    FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o)
   WHERE results[b.o::int]->>'status' = 'ok' AND jsonb_typeof(b.it->'idem') = 'object';

  RETURN jsonb_build_object('entries', entry_rows, 'results',
    (SELECT jsonb_agg(CASE WHEN afters[o] IS NULL THEN results[o] ELSE jsonb_build_object('status', 'ok', 'journalId', jmap->>refs[o], 'balances', afters[o]) END ORDER BY o)
       FROM generate_subscripts(results, 1) o));
END
$$;

-- One journal, for use from SQL: a batch of one through post_journals, its refusal raised as an SQLSTATE (SRB01
-- insufficient funds, SRB02 over the daily outbound limit, SRB03 a ledger invariant broken by the caller, SRB06 a
-- closed account, SRB07 a debit of a frozen one, SRB04 a
-- request with this Idempotency-Key is in progress, SRB05 this Idempotency-Key has been used before). It answers the
-- journal's result with the entries it wrote, in their order.
CREATE OR REPLACE FUNCTION post_journal(
  p_kind text, p_reference text, p_description text, p_metadata jsonb,
  p_accounts bigint[], p_amounts bigint[], p_currencies text[],
  p_entries jsonb DEFAULT '[]'::jsonb,
  p_outbound_limit jsonb DEFAULT NULL,
  p_idempotency jsonb DEFAULT NULL
) RETURNS jsonb
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  SET search_path = public, pg_temp
AS $$
DECLARE r jsonb; answer jsonb;
BEGIN
  IF coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_amounts, 1), 0)
     OR coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_currencies, 1), 0) THEN
    RAISE EXCEPTION 'each posting needs an account, an amount and a currency' USING ERRCODE = 'SRB03';
  END IF;
  answer := post_journals(jsonb_build_array(jsonb_build_object(
         'kind', p_kind, 'reference', p_reference, 'description', p_description, 'metadata', p_metadata,
         'postings', (SELECT coalesce(jsonb_agg(jsonb_build_object('a', x.a::text, 'amt', x.amt::text, 'cur', x.cur)), '[]'::jsonb)
                        FROM unnest(p_accounts, p_amounts, p_currencies) AS x(a, amt, cur)),
         'entries', coalesce(p_entries, '[]'::jsonb), 'limit', p_outbound_limit, 'idem', p_idempotency)));
  r := answer -> 'results' -> 0;
  CASE r->>'status'
    WHEN 'ok' THEN RETURN (r - 'status') || jsonb_build_object('entries',
      (SELECT coalesce(jsonb_agg(answer->'entries'->(x.entry->>'reference') ORDER BY x.o), '[]'::jsonb)
         FROM jsonb_array_elements(coalesce(p_entries, '[]'::jsonb)) WITH ORDINALITY x(entry, o)));
    WHEN 'in_progress' THEN RAISE EXCEPTION 'a request with this Idempotency-Key is in progress' USING ERRCODE = 'SRB04';
    WHEN 'used' THEN RAISE EXCEPTION 'this Idempotency-Key has been used before' USING ERRCODE = 'SRB05';
    ELSE RAISE EXCEPTION '%', r->>'message' USING ERRCODE = r->>'code';
  END CASE;
END
$$;
