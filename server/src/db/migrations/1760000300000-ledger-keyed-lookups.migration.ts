import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLY_POSTINGS_V1, POST_JOURNALS_V1 } from './1760000200000-ledger-batches.migration';

/**
 * The ledger's functions find rows by key, always.
 *
 * Planned generically, post_journals() and apply_postings() joined a batch to idempotency_keys, journals
 * and ledger_accounts with hash joins over whole-table scans whenever those tables looked small to the
 * planner: each batch then read every key and every journal ever written (2 ms at 6,000 rows, growing with
 * history). Now each lookup is a probe of a primary key: keys one by one under their advisory lock,
 * accounts by `= ANY(ids)`, journals through a LATERAL probe, balances updated by an index nested loop.
 * The answer is assembled once at the end instead of by appending to a growing JSON array.
 * Same inputs, same answers and refusals as before (see 1760000200000).
 *
 * The search index's pending list (new rows wait there until merged into the trigram tree) is kept to
 * 256 kB: at the 4 MB default, the booking that overflowed it merged ~4,000 rows while holding up every
 * transfer behind it (a 100 ms stall every few seconds under load); small merges cost about the same in
 * total and stall no one for long.
 */
export const APPLY_POSTINGS_V2 = `
  CREATE OR REPLACE FUNCTION apply_postings() RETURNS trigger LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
    -- A statement posts to a handful of accounts: probe them by key, never scan the table.
    SET enable_hashjoin = off
    SET enable_mergejoin = off
  AS $$
  DECLARE groups int; updated int; missing boolean; earlier boolean;
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
    WITH s AS (SELECT account_id, currency, sum(amount_minor) AS total FROM new_postings GROUP BY account_id, currency),
         u AS (UPDATE ledger_accounts a SET balance_minor = a.balance_minor + s.total FROM s
                WHERE a.id = s.account_id AND a.currency = s.currency RETURNING a.id)
    SELECT (SELECT count(*) FROM s), (SELECT count(*) FROM u) INTO groups, updated;
    IF groups <> updated THEN
      RAISE EXCEPTION 'posting to an unknown account or in another currency than its account' USING ERRCODE = 'SRB03';
    END IF;
    RETURN NULL;
  END $$`;

export const POST_JOURNALS_V2 = `
  CREATE OR REPLACE FUNCTION post_journals(p_batch jsonb) RETURNS jsonb LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
  AS $$
  DECLARE
    n int := CASE WHEN jsonb_typeof(p_batch) = 'array' THEN jsonb_array_length(p_batch) END;
    results jsonb[];
    afters jsonb[];
    item jsonb;
    idem jsonb;
    posting jsonb;
    account_ids bigint[];
    limited_ids bigint[] := '{}';
    bal jsonb;                       -- account id -> running balance
    kinds jsonb;                     -- account id -> 'customer' | 'internal'
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
  BEGIN
    IF n IS NULL THEN
      RAISE EXCEPTION 'post_journals takes a JSON array of journals' USING ERRCODE = 'SRB03';
    END IF;
    IF n = 0 THEN RETURN '[]'::jsonb; END IF;
    results := array_fill(NULL::jsonb, ARRAY[n]);
    afters := array_fill(NULL::jsonb, ARRAY[n]);

    -- Idempotency-Keys: one in flight elsewhere is 'in_progress'; one recorded before is 'used'.
    FOR i IN 0 .. n - 1 LOOP
      idem := p_batch->i->'idem';
      CONTINUE WHEN jsonb_typeof(idem) IS DISTINCT FROM 'object';
      IF NOT pg_try_advisory_xact_lock(hashtextextended((idem->>'scope') || ' ' || (idem->>'key'), 0)) THEN
        results[i + 1] := '{"status":"in_progress"}';
      ELSIF EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.scope = idem->>'scope' AND k.key = idem->>'key') THEN
        results[i + 1] := '{"status":"used"}';
      END IF;
    END LOOP;

    -- Every account of the batch, locked in ascending id order: batches cannot deadlock each other.
    SELECT array_agg(DISTINCT (p->>'a')::bigint) INTO account_ids
      FROM jsonb_array_elements(p_batch) b(it), jsonb_array_elements(b.it->'postings') p;
    WITH locked AS (
      SELECT a.id::text AS id, a.kind, a.currency, a.balance_minor, CASE WHEN a.outbound_day = current_date THEN a.outbound_minor ELSE 0 END AS spent
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
      FOR j IN 0 .. coalesce(jsonb_array_length(item->'postings'), 0) - 1 LOOP
        EXIT WHEN refusal IS NOT NULL;
        posting := item->'postings'->j;
        IF NOT currencies ? (posting->>'a') THEN
          refusal := 'SRB03'; refusal_message := format('posting to an unknown account %s', posting->>'a');
        ELSIF currencies->>(posting->>'a') <> posting->>'cur' THEN
          refusal := 'SRB03'; refusal_message := format('posting in %s to a %s account', posting->>'cur', currencies->>(posting->>'a'));
        ELSE
          tent := tent || jsonb_build_object(posting->>'a', coalesce((tent->>(posting->>'a'))::bigint, (bal->>(posting->>'a'))::bigint) + (posting->>'amt')::bigint);
        END IF;
      END LOOP;
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
      IF refusal IS NULL AND EXISTS (SELECT 1 FROM jsonb_each_text(tent) t WHERE kinds->>t.key = 'customer' AND t.value::bigint < 0) THEN
        refusal := 'SRB01'; refusal_message := 'insufficient funds';
      END IF;
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
      results[i + 1] := '{"status":"ok"}';
      booked := booked + 1;
    END LOOP;

    IF booked = 0 THEN RETURN to_jsonb(results); END IF;

    -- The writes, one statement per table for the whole batch.
    WITH ins AS (INSERT INTO journals (reference, kind, description, metadata)
                 SELECT b.it->>'reference', b.it->>'kind', left(b.it->>'description', 200), coalesce(b.it->'metadata', '{}'::jsonb)
                   FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o) WHERE results[b.o::int]->>'status' = 'ok'
                 RETURNING id, reference)
    SELECT jsonb_object_agg(reference, id) INTO jmap FROM ins;

    INSERT INTO postings (journal_id, account_id, amount_minor, currency)
    SELECT (jmap->>(b.it->>'reference'))::bigint, (p->>'a')::bigint, (p->>'amt')::bigint, p->>'cur'
      FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o), jsonb_array_elements(b.it->'postings') p
     WHERE results[b.o::int]->>'status' = 'ok';

    IF cardinality(limited_ids) > 0 THEN
      UPDATE ledger_accounts a SET outbound_day = current_date, outbound_minor = (spent->>(a.id::text))::bigint
       WHERE a.id = ANY(limited_ids);
    END IF;

    WITH ins AS (
      INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, fee_minor, currency,
                                recipient, counterparty, balance_after_minor, channel, location, memo, metadata, created_at)
      SELECT e.reference, e.customer_id, e.account_id, e.type, e.kind, e.status, left(e.description, 200), e.category, e.amount_minor, coalesce(e.fee_minor, 0), e.currency,
             e.recipient, e.counterparty, coalesce(e.balance_after_minor, (afters[b.o::int]->>(e.account_id::text))::bigint), e.channel, e.location, e.memo,
             coalesce(e.metadata, '{}'::jsonb), coalesce(e.created_at, now())
        FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o),
             jsonb_to_recordset(coalesce(b.it->'entries', '[]'::jsonb)) AS e(reference text, customer_id uuid, account_id bigint, type text, kind text, status text,
               description text, category text, amount_minor bigint, fee_minor bigint, currency text, recipient text, counterparty text,
               balance_after_minor bigint, channel text, location text, memo text, metadata jsonb, created_at timestamptz)
       WHERE results[b.o::int]->>'status' = 'ok'
      RETURNING *
    )
    -- bigints travel as strings: JSON numbers would lose cents above 2^53 in JavaScript.
    SELECT coalesce(jsonb_object_agg(ins.reference, to_jsonb(ins) || jsonb_build_object('account_id', ins.account_id::text, 'amount_minor', ins.amount_minor::text,
             'fee_minor', ins.fee_minor::text, 'balance_after_minor', ins.balance_after_minor::text)), '{}'::jsonb)
      INTO entry_rows FROM ins;

    -- Keys are recorded only for journals that were booked; a refusal is recorded by the server.
    INSERT INTO idempotency_keys (scope, key, request_hash, status, response_status, response_ref)
    SELECT b.it->'idem'->>'scope', b.it->'idem'->>'key', b.it->'idem'->>'hash', 'done', (b.it->'idem'->>'status')::int, b.it->'idem'->>'ref'
      FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o)
     WHERE results[b.o::int]->>'status' = 'ok' AND jsonb_typeof(b.it->'idem') = 'object';

    FOR i IN 0 .. n - 1 LOOP
      CONTINUE WHEN afters[i + 1] IS NULL;
      item := p_batch->i;
      results[i + 1] := jsonb_build_object('status', 'ok', 'journalId', jmap->>(item->>'reference'),
        'balances', (SELECT jsonb_object_agg(t.key, t.value #>> '{}') FROM jsonb_each(afters[i + 1]) t),
        'entries', (SELECT coalesce(jsonb_agg(entry_rows->(x->>'reference') ORDER BY o), '[]'::jsonb)
                      FROM jsonb_array_elements(item->'entries') WITH ORDINALITY y(x, o)));
    END LOOP;
    RETURN to_jsonb(results);
  END $$`;

const reinstate = (sql: string) => sql.replace(/^\s*CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION');

export class LedgerKeyedLookups1760000300000 implements MigrationInterface {
  name = 'LedgerKeyedLookups1760000300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(APPLY_POSTINGS_V2);
    await q.query(POST_JOURNALS_V2);
    await q.query(`ALTER INDEX transactions_search_idx SET (gin_pending_list_limit = 256)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER INDEX transactions_search_idx RESET (gin_pending_list_limit)`);
    // CREATE OR REPLACE also replaces the SET clauses: v1's plan_cache_mode alone comes back.
    await q.query(reinstate(APPLY_POSTINGS_V1));
    await q.query(reinstate(POST_JOURNALS_V1));
  }
}
