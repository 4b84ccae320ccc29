import type { MigrationInterface, QueryRunner } from 'typeorm';
import { POST_JOURNALS_V6 } from './1760001900000-outbound-with-balance.migration';
import { APPLY_POSTINGS_V4 } from './1760002100000-outbound-parsed-once.migration';
import { replacedOnce } from './1760001700000-ledger-set-wise-checks.migration';
import { CHECK_JOURNAL_BALANCED, POST_JOURNAL_ONE } from './1760000200000-ledger-batches.migration';
import { PIN_RESET } from './1760001300000-pin-attempts.migration';

/**
 * Less work for the database in every booking (docs/performance.md#journals-balanced-per-statement). Each change was measured by
 * calls alternated on one backend between the old and the new (batches of 16 same-bank transfers):
 *
 * - A journal balances, checked once per statement instead of once per journal at commit. The deferred constraint
 *   trigger ran a plpgsql call and a query for every journal (~6% of a batch). Now apply_postings refuses a statement
 *   whose postings of any journal do not sum to zero in each currency, and a statement-level trigger on journals
 *   refuses a journal written without postings: a journal and its postings are written by one statement (post_journals
 *   writes both in one, through data-modifying WITH items), so every journal is balanced when its statement ends.
 *   Postings still join only a journal of their own transaction, and each statement's share of a journal balances on
 *   its own, so no later statement can unbalance one either.
 * - post_journals answers with one object of the entries' generated columns by reference, beside the per-journal
 *   results, instead of rebuilding each journal's entries and balances from the batch (~4%); the running balances
 *   are kept as strings while judging, so a journal's balances after are the answer as they are.
 * - The PIN attempts that start again are updated in one statement that locks them in customer id order, instead of a
 *   locking read and an update that each unpacked the batch again.
 */
const JOURNALS_THEN_POSTINGS = `    -- The writes, one statement per table for the whole batch.
    WITH ins AS (INSERT INTO journals (reference, kind, description, metadata)
                 SELECT b.it->>'reference', b.it->>'kind', left(b.it->>'description', 200), coalesce(b.it->'metadata', '{}'::jsonb)
                   FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o) WHERE results[b.o::int]->>'status' = 'ok'
                 RETURNING id, reference)
    SELECT jsonb_object_agg(reference, id) INTO jmap FROM ins;

    -- apply_postings writes the limited accounts' new outbound totals with their balances (one row version each).
    PERFORM set_config('strongroom.outbound_minor', coalesce((SELECT jsonb_object_agg(id::text, spent->(id::text)) FROM unnest(limited_ids) id)::text, ''), true);
    INSERT INTO postings (journal_id, account_id, amount_minor, currency)
    SELECT (jmap->>(b.it->>'reference'))::bigint, (p->>'a')::bigint, (p->>'amt')::bigint, p->>'cur'
      FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o), jsonb_array_elements(b.it->'postings') p
     WHERE results[b.o::int]->>'status' = 'ok';
`;

const JOURNALS_WITH_POSTINGS = `    -- The writes, one statement per table for the whole batch; journals and their postings in one (a journal written
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
`;

const PIN_RESET_ONCE = `    IF cardinality(pin_ids) > 0 THEN
      UPDATE pin_attempts p SET failed_count = 0, lock_count = 0
        FROM (SELECT x.customer_id FROM pin_attempts x WHERE x.customer_id = ANY(pin_ids) AND (x.failed_count <> 0 OR x.lock_count <> 0)
               ORDER BY x.customer_id FOR UPDATE OF x) l
       WHERE p.customer_id = l.customer_id;
    END IF;
`;

const ANSWER_REBUILT = `    RETURN (SELECT jsonb_agg(CASE WHEN afters[b.o::int] IS NULL THEN results[b.o::int] ELSE jsonb_build_object('status', 'ok', 'journalId', jmap->>(b.it->>'reference'),
                'balances', (SELECT jsonb_object_agg(t.key, t.value #>> '{}') FROM jsonb_each(afters[b.o::int]) t),
                'entries', (SELECT coalesce(jsonb_agg(entry_rows->(x->>'reference') ORDER BY y.o), '[]'::jsonb)
                              FROM jsonb_array_elements(b.it->'entries') WITH ORDINALITY y(x, o))) END ORDER BY b.o)
              FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o));
`;

const ANSWER_AS_KEPT = `    RETURN jsonb_build_object('entries', entry_rows, 'results',
      (SELECT jsonb_agg(CASE WHEN afters[o] IS NULL THEN results[o] ELSE jsonb_build_object('status', 'ok', 'journalId', jmap->>refs[o], 'balances', afters[o]) END ORDER BY o)
         FROM generate_subscripts(results, 1) o));
`;

const REPLACEMENTS: [string, string][] = [
  [
    `    entry_rows jsonb;\n`,
    `    entry_rows jsonb;\n    refs text[];                     -- each booked journal's reference\n    pin_ids uuid[] := '{}';          -- the customers whose PIN attempts start again\n`,
  ],
  [`    afters := array_fill(NULL::jsonb, ARRAY[n]);\n`, `    afters := array_fill(NULL::jsonb, ARRAY[n]);\n    refs := array_fill(NULL::text, ARRAY[n]);\n`],
  [`    IF n = 0 THEN RETURN '[]'::jsonb; END IF;`, `    IF n = 0 THEN RETURN '{"results":[],"entries":{}}'::jsonb; END IF;`],
  [
    `tent := tent || jsonb_build_object(posting->>'a', coalesce((tent->>(posting->>'a'))::bigint, (bal->>(posting->>'a'))::bigint) + (posting->>'amt')::bigint);`,
    // Strings, as the answer carries bigints (JSON numbers would lose cents above 2^53 in JavaScript).
    `tent := tent || jsonb_build_object(posting->>'a', (coalesce((tent->>(posting->>'a'))::bigint, (bal->>(posting->>'a'))::bigint) + (posting->>'amt')::bigint)::text);`,
  ],
  [
    `      afters[i + 1] := tent;\n`,
    `      afters[i + 1] := tent;\n      refs[i + 1] := item->>'reference';\n      IF jsonb_typeof(item->'pinReset') = 'string' THEN pin_ids := pin_ids || (item->>'pinReset')::uuid; END IF;\n`,
  ],
  [`    IF booked = 0 THEN RETURN to_jsonb(results); END IF;`, `    IF booked = 0 THEN RETURN jsonb_build_object('results', to_jsonb(results), 'entries', '{}'::jsonb); END IF;`],
  [JOURNALS_THEN_POSTINGS, JOURNALS_WITH_POSTINGS],
  [PIN_RESET, `${PIN_RESET_ONCE}\n`],
  [ANSWER_REBUILT, ANSWER_AS_KEPT],
];

export const POST_JOURNALS_V7 = REPLACEMENTS.reduce((sql, [from, to]) => replacedOnce(sql, from, to, 'post_journals v6'), POST_JOURNALS_V6);

const NEW_POSTINGS_CHECKED = `    IF earlier THEN
      RAISE EXCEPTION 'postings can only join a journal in the transaction that creates it' USING ERRCODE = 'check_violation';
    END IF;
`;

const NEW_POSTINGS_BALANCED = `${NEW_POSTINGS_CHECKED}    -- Each statement's postings of a journal balance on their own, so the journal balances whatever statements wrote it.
    SELECT min(g.journal_id || ' in ' || g.currency || ' by ' || g.total) INTO unbalanced
      FROM (SELECT journal_id, currency, sum(amount_minor) AS total FROM new_postings GROUP BY journal_id, currency) g WHERE g.total <> 0;
    IF unbalanced IS NOT NULL THEN
      RAISE EXCEPTION 'journal % is unbalanced', unbalanced USING ERRCODE = 'check_violation';
    END IF;
`;

export const APPLY_POSTINGS_V5 = [
  [`  DECLARE groups int; updated int; missing boolean; earlier boolean;`, `  DECLARE groups int; updated int; missing boolean; earlier boolean; unbalanced text;`],
  [NEW_POSTINGS_CHECKED, NEW_POSTINGS_BALANCED],
].reduce((sql, [from, to]) => replacedOnce(sql, from, to, 'apply_postings v4'), APPLY_POSTINGS_V4);

const JOURNALS_POSTED = `
  CREATE FUNCTION check_journals_posted() RETURNS trigger LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan SET search_path = public, pg_temp
  AS $$
  DECLARE bare bigint;
  BEGIN
    SELECT n.id INTO bare FROM new_journals n WHERE NOT EXISTS (SELECT 1 FROM postings p WHERE p.journal_id = n.id) LIMIT 1;
    IF bare IS NOT NULL THEN
      RAISE EXCEPTION 'journal % is unbalanced: it has no postings (a journal and its postings are written by one statement)', bare USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
  END $$`;

/** check_journal_balanced as 1760001200000 left it: with its own search_path. */
const JOURNAL_BALANCED_AT_COMMIT = replacedOnce(
  CHECK_JOURNAL_BALANCED,
  'SET plan_cache_mode = force_generic_plan AS $$',
  'SET plan_cache_mode = force_generic_plan SET search_path = public, pg_temp AS $$',
  'check_journal_balanced',
);

/** post_journal() (1760000200000) as 1760001200000 left it: with its own search_path, replaced in place. */
const POST_JOURNAL_ONE_BEFORE = [
  ['CREATE FUNCTION post_journal(', 'CREATE OR REPLACE FUNCTION post_journal('],
  ['SET plan_cache_mode = force_generic_plan\n', 'SET plan_cache_mode = force_generic_plan SET search_path = public, pg_temp\n'],
].reduce((sql, [from, to]) => replacedOnce(sql, from, to, 'post_journal'), POST_JOURNAL_ONE);

/** post_journal() reading post_journals' new answer: its journal's result, with the entries it wrote in their order. */
const POST_JOURNAL_ONE_AFTER = [
  ['DECLARE r jsonb;', 'DECLARE r jsonb; answer jsonb;'],
  ['        r := post_journals(', '        answer := post_journals('],
  [`'idem', p_idempotency))) -> 0;`, `'idem', p_idempotency)));\n        r := answer -> 'results' -> 0;`],
  [
    `WHEN 'ok' THEN RETURN r - 'status';`,
    `WHEN 'ok' THEN RETURN (r - 'status') || jsonb_build_object('entries',
            (SELECT coalesce(jsonb_agg(answer->'entries'->(x.entry->>'reference') ORDER BY x.o), '[]'::jsonb)
               FROM jsonb_array_elements(coalesce(p_entries, '[]'::jsonb)) WITH ORDINALITY x(entry, o)));`,
  ],
].reduce((sql, [from, to]) => replacedOnce(sql, from, to, 'post_journal'), POST_JOURNAL_ONE_BEFORE);

export class LighterBooking1760002300000 implements MigrationInterface {
  name = 'LighterBooking1760002300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(APPLY_POSTINGS_V5);
    await q.query(JOURNALS_POSTED);
    await q.query(`CREATE TRIGGER journals_posted AFTER INSERT ON journals REFERENCING NEW TABLE AS new_journals FOR EACH STATEMENT EXECUTE FUNCTION check_journals_posted()`);
    await q.query(`DROP TRIGGER journals_balanced ON journals`);
    await q.query(`DROP FUNCTION check_journal_balanced()`);
    await q.query(POST_JOURNALS_V7);
    await q.query(POST_JOURNAL_ONE_AFTER);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(POST_JOURNAL_ONE_BEFORE);
    await q.query(POST_JOURNALS_V6);
    await q.query(JOURNAL_BALANCED_AT_COMMIT);
    await q.query(`CREATE CONSTRAINT TRIGGER journals_balanced AFTER INSERT ON journals DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced()`);
    await q.query(`DROP TRIGGER journals_posted ON journals`);
    await q.query(`DROP FUNCTION check_journals_posted()`);
    await q.query(APPLY_POSTINGS_V4);
  }
}
