import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money moves in one database call, in batches (group commit, as TigerBeetle does).
 *
 * `post_journals(batch)` books many journals in one transaction: it locks every account of the batch in id
 * order, judges each journal on its own and in order against the running balances (currencies, funds, the
 * daily outbound limit, its Idempotency-Key), so one refusal never affects the others, and writes the
 * accepted ones set-wise: one INSERT per table for the whole batch. `post_journal(...)` books a batch of one
 * and raises its refusal as an SQLSTATE: SRB01 insufficient funds, SRB02 over the daily outbound limit, SRB03
 * a ledger invariant broken by the caller, SRB04 a request with this Idempotency-Key is in progress, SRB05
 * this Idempotency-Key has been used before.
 *
 * The guarantees stay in the database and get cheaper: balances, and what the postings' foreign keys
 * guarded, are checked once per INSERT statement (transition table) instead of once per posting; the
 * deferred balance check runs once per journal; a journal accepts postings only in the transaction that
 * created it, so checking it once at commit covers every posting it will ever have.
 *
 * An item: { kind, reference, description, metadata, postings: [{a, amt, cur}], entries: [...],
 *            limit: {accountId, debitMinor, limitMinor} | null, idem: {scope, key, hash, status, ref} | null }.
 * A result, in the same order: { status: 'ok', journalId, balances, entries } | { status: 'refused', code, message }
 *            | { status: 'in_progress' } | { status: 'used' }.
 */
/** As this migration created them; the next migration's down() puts them back. */
/** Debits equal credits per journal and currency, checked at commit (replaced by a check per statement in 1760002300000). */
export const CHECK_JOURNAL_BALANCED = `
      CREATE FUNCTION check_journal_balanced() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
      DECLARE n bigint; bad text;
      BEGIN
        SELECT sum(g.c), min(g.currency || ' by ' || g.total) FILTER (WHERE g.total <> 0) INTO n, bad
          FROM (SELECT currency, count(*) AS c, sum(amount_minor) AS total FROM postings WHERE journal_id = NEW.id GROUP BY currency) g;
        IF coalesce(n, 0) < 2 THEN
          RAISE EXCEPTION 'journal % is unbalanced: it has % posting(s)', NEW.id, coalesce(n, 0) USING ERRCODE = 'check_violation';
        END IF;
        IF bad IS NOT NULL THEN
          RAISE EXCEPTION 'journal % is unbalanced in %', NEW.id, bad USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`;

/** post_journal(): one journal, its refusal raised as an SQLSTATE, for use from SQL. */
export const POST_JOURNAL_ONE = `
      CREATE FUNCTION post_journal(
        p_kind text, p_reference text, p_description text, p_metadata jsonb,
        p_accounts bigint[], p_amounts bigint[], p_currencies text[],
        p_entries jsonb DEFAULT '[]'::jsonb,
        p_outbound_limit jsonb DEFAULT NULL,
        p_idempotency jsonb DEFAULT NULL
      ) RETURNS jsonb LANGUAGE plpgsql
        SET plan_cache_mode = force_generic_plan
      AS $$
      DECLARE r jsonb;
      BEGIN
        IF coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_amounts, 1), 0)
           OR coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_currencies, 1), 0) THEN
          RAISE EXCEPTION 'each posting needs an account, an amount and a currency' USING ERRCODE = 'SRB03';
        END IF;
        r := post_journals(jsonb_build_array(jsonb_build_object(
               'kind', p_kind, 'reference', p_reference, 'description', p_description, 'metadata', p_metadata,
               'postings', (SELECT coalesce(jsonb_agg(jsonb_build_object('a', x.a::text, 'amt', x.amt::text, 'cur', x.cur)), '[]'::jsonb)
                              FROM unnest(p_accounts, p_amounts, p_currencies) AS x(a, amt, cur)),
               'entries', coalesce(p_entries, '[]'::jsonb), 'limit', p_outbound_limit, 'idem', p_idempotency))) -> 0;
        CASE r->>'status'
          WHEN 'ok' THEN RETURN r - 'status';
          WHEN 'in_progress' THEN RAISE EXCEPTION 'a request with this Idempotency-Key is in progress' USING ERRCODE = 'SRB04';
          WHEN 'used' THEN RAISE EXCEPTION 'this Idempotency-Key has been used before' USING ERRCODE = 'SRB05';
          ELSE RAISE EXCEPTION '%', r->>'message' USING ERRCODE = r->>'code';
        END CASE;
      END $$`;

export const APPLY_POSTINGS_V1 = `
      CREATE FUNCTION apply_postings() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
      DECLARE groups int; updated int; missing boolean; earlier boolean;
      BEGIN
        SELECT coalesce(bool_or(j.id IS NULL), false), coalesce(bool_or(j.txid <> txid_current()), false) INTO missing, earlier
          FROM new_postings n LEFT JOIN journals j ON j.id = n.journal_id;
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

export const POST_JOURNALS_V1 = `
      CREATE FUNCTION post_journals(p_batch jsonb) RETURNS jsonb LANGUAGE plpgsql
        SET plan_cache_mode = force_generic_plan
      AS $$
      DECLARE
        n int := CASE WHEN jsonb_typeof(p_batch) = 'array' THEN jsonb_array_length(p_batch) END;
        results jsonb[] := array_fill(NULL::jsonb, ARRAY[greatest(n, 1)]);
        afters jsonb[] := array_fill(NULL::jsonb, ARRAY[greatest(n, 1)]);
        item jsonb;
        posting jsonb;
        acc record;
        bal jsonb := '{}'::jsonb;        -- account id -> running balance
        kinds jsonb := '{}'::jsonb;      -- account id -> 'customer' | 'internal'
        currencies jsonb := '{}'::jsonb; -- account id -> currency
        spent jsonb := '{}'::jsonb;      -- account id -> outbound today, running
        tent jsonb;
        limited text;
        new_spent bigint;
        refusal text;
        refusal_message text;
        used jsonb;
        jmap jsonb;
        entry_rows jsonb;
        item_entries jsonb;
        e jsonb;
        out jsonb := '[]'::jsonb;
      BEGIN
        IF n IS NULL OR jsonb_typeof(p_batch) <> 'array' THEN
          RAISE EXCEPTION 'post_journals takes a JSON array of journals' USING ERRCODE = 'SRB03';
        END IF;
        IF n = 0 THEN RETURN '[]'::jsonb; END IF;

        -- Idempotency-Keys: one in flight elsewhere is 'in_progress'; one recorded before is 'used'.
        SELECT coalesce(jsonb_object_agg(k.scope || ' ' || k.key, true), '{}'::jsonb) INTO used
          FROM idempotency_keys k JOIN jsonb_array_elements(p_batch) b(it) ON k.scope = b.it->'idem'->>'scope' AND k.key = b.it->'idem'->>'key';
        FOR i IN 0 .. n - 1 LOOP
          item := p_batch->i;
          IF jsonb_typeof(item->'idem') = 'object' THEN
            IF NOT pg_try_advisory_xact_lock(hashtextextended((item->'idem'->>'scope') || ' ' || (item->'idem'->>'key'), 0)) THEN
              results[i + 1] := '{"status":"in_progress"}';
            ELSIF used ? ((item->'idem'->>'scope') || ' ' || (item->'idem'->>'key')) THEN
              results[i + 1] := '{"status":"used"}';
            END IF;
          END IF;
        END LOOP;

        -- Every account of the batch, locked in ascending id order: batches cannot deadlock each other.
        FOR acc IN
          SELECT a.id::text AS id, a.kind, a.currency, a.balance_minor, CASE WHEN a.outbound_day = current_date THEN a.outbound_minor ELSE 0 END AS spent
            FROM ledger_accounts a
           WHERE a.id IN (SELECT (p->>'a')::bigint FROM jsonb_array_elements(p_batch) b(it), jsonb_array_elements(b.it->'postings') p)
           ORDER BY a.id
             FOR UPDATE OF a
        LOOP
          bal := bal || jsonb_build_object(acc.id, acc.balance_minor);
          kinds := kinds || jsonb_build_object(acc.id, acc.kind);
          currencies := currencies || jsonb_build_object(acc.id, acc.currency);
          spent := spent || jsonb_build_object(acc.id, acc.spent);
        END LOOP;

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
          IF limited IS NOT NULL THEN spent := spent || jsonb_build_object(limited, new_spent); END IF;
          afters[i + 1] := tent;
          results[i + 1] := '{"status":"ok"}';
        END LOOP;

        IF NOT EXISTS (SELECT 1 FROM unnest(results) r WHERE r->>'status' = 'ok') THEN
          SELECT jsonb_agg(r ORDER BY o) INTO out FROM unnest(results) WITH ORDINALITY u(r, o);
          RETURN out;
        END IF;

        -- The writes, one statement per table for the whole batch.
        WITH ok AS (SELECT b.it FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o) WHERE results[b.o::int]->>'status' = 'ok'),
             ins AS (INSERT INTO journals (reference, kind, description, metadata)
                     SELECT ok.it->>'reference', ok.it->>'kind', left(ok.it->>'description', 200), coalesce(ok.it->'metadata', '{}'::jsonb) FROM ok
                     RETURNING id, reference)
        SELECT jsonb_object_agg(reference, id) INTO jmap FROM ins;

        INSERT INTO postings (journal_id, account_id, amount_minor, currency)
        SELECT (jmap->>(b.it->>'reference'))::bigint, (p->>'a')::bigint, (p->>'amt')::bigint, p->>'cur'
          FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o), jsonb_array_elements(b.it->'postings') p
         WHERE results[b.o::int]->>'status' = 'ok';

        UPDATE ledger_accounts a SET outbound_day = current_date, outbound_minor = (spent->>(a.id::text))::bigint
         WHERE a.id IN (SELECT DISTINCT (b.it->'limit'->>'accountId')::bigint FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o)
                         WHERE results[b.o::int]->>'status' = 'ok' AND jsonb_typeof(b.it->'limit') = 'object');

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
          item := p_batch->i;
          IF results[i + 1]->>'status' = 'ok' THEN
            item_entries := '[]'::jsonb;
            FOR j IN 0 .. coalesce(jsonb_array_length(item->'entries'), 0) - 1 LOOP
              e := entry_rows->(item->'entries'->j->>'reference');
              item_entries := item_entries || jsonb_build_array(e);
            END LOOP;
            out := out || jsonb_build_array(jsonb_build_object('status', 'ok', 'journalId', jmap->>(item->>'reference'),
              'balances', (SELECT jsonb_object_agg(t.key, t.value #>> '{}') FROM jsonb_each(afters[i + 1]) t), 'entries', item_entries));
          ELSE
            out := out || jsonb_build_array(results[i + 1]);
          END IF;
        END LOOP;
        RETURN out;
      END $$`;

export class LedgerBatches1760000200000 implements MigrationInterface {
  name = 'LedgerBatches1760000200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER postings_apply ON postings`);
    await q.query(`DROP TRIGGER postings_balanced ON postings`);
    await q.query(`DROP FUNCTION apply_posting(), check_journal_balanced()`);
    await q.query(`ALTER TABLE journals ADD COLUMN txid bigint NOT NULL DEFAULT txid_current()`);
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN response_ref varchar(60)`);
    // Today's outbound payments per account, kept with the balance it guards: an O(1) daily-limit check
    // under the account lock instead of summing the day's transactions on every payment.
    await q.query(`ALTER TABLE ledger_accounts ADD COLUMN outbound_day date, ADD COLUMN outbound_minor bigint NOT NULL DEFAULT 0 CHECK (outbound_minor >= 0)`);
    await q.query(`
      UPDATE ledger_accounts a SET outbound_day = current_date, outbound_minor = t.spent
        FROM (SELECT account_id, sum(amount_minor + fee_minor) AS spent FROM transactions
               WHERE type = 'debit' AND kind IN ('transfer_same', 'transfer_local', 'transfer_international') AND status IN ('success', 'pending')
                 AND created_at >= date_trunc('day', now()) GROUP BY account_id) t
       WHERE a.id = t.account_id`);
    // Staff work the pending queue; every other status is browsed per customer. A partial index keeps the
    // queue fast without indexing every completed payment a second time.
    await q.query(`DROP INDEX transactions_status_created_idx`);
    await q.query(`CREATE INDEX transactions_pending_created_idx ON transactions (created_at DESC) WHERE status = 'pending'`);

    await q.query(APPLY_POSTINGS_V1);
    await q.query(`CREATE TRIGGER postings_apply AFTER INSERT ON postings REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION apply_postings()`);

    // Debits equal credits per journal and currency, checked at commit by the database itself.
    await q.query(CHECK_JOURNAL_BALANCED);
    await q.query(`
      CREATE CONSTRAINT TRIGGER journals_balanced AFTER INSERT ON journals
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced()`);

    // The postings' foreign keys are checked by apply_postings once per statement instead of once per row
    // (per-row lookups were a third of a batch's booking cost); accounts, like journals, are never deleted.
    await q.query(`ALTER TABLE postings DROP CONSTRAINT postings_journal_id_fkey, DROP CONSTRAINT postings_account_id_fkey`);
    await q.query(`CREATE TRIGGER ledger_accounts_never_deleted BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION forbid_change()`);

    await q.query(POST_JOURNALS_V1);

    await q.query(POST_JOURNAL_ONE);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION post_journal(text, text, text, jsonb, bigint[], bigint[], text[], jsonb, jsonb, jsonb)`);
    await q.query(`DROP FUNCTION post_journals(jsonb)`);
    await q.query(`DROP TRIGGER ledger_accounts_never_deleted ON ledger_accounts`);
    await q.query(
      `ALTER TABLE postings ADD CONSTRAINT postings_journal_id_fkey FOREIGN KEY (journal_id) REFERENCES journals(id), ADD CONSTRAINT postings_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts(id)`,
    );
    await q.query(`DROP TRIGGER journals_balanced ON journals`);
    await q.query(`DROP TRIGGER postings_apply ON postings`);
    await q.query(`DROP FUNCTION apply_postings(), check_journal_balanced()`);
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN response_ref`);
    await q.query(`ALTER TABLE ledger_accounts DROP COLUMN outbound_day, DROP COLUMN outbound_minor`);
    await q.query(`DROP INDEX transactions_pending_created_idx`);
    await q.query(`CREATE INDEX transactions_status_created_idx ON transactions (status, created_at DESC)`);
    await q.query(`ALTER TABLE journals DROP COLUMN txid`);
    await q.query(`
      CREATE FUNCTION apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE acc_currency char(3);
      BEGIN
        UPDATE ledger_accounts SET balance_minor = balance_minor + NEW.amount_minor WHERE id = NEW.account_id RETURNING currency INTO acc_currency;
        IF acc_currency IS NULL THEN RAISE EXCEPTION 'posting to unknown account %', NEW.account_id; END IF;
        IF acc_currency <> NEW.currency THEN RAISE EXCEPTION 'posting currency mismatch' USING ERRCODE = 'check_violation'; END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER postings_apply AFTER INSERT ON postings FOR EACH ROW EXECUTE FUNCTION apply_posting()`);
    await q.query(`
      CREATE FUNCTION check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad record;
      BEGIN
        SELECT currency, sum(amount_minor) AS total INTO bad FROM postings WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount_minor) <> 0 LIMIT 1;
        IF FOUND THEN RAISE EXCEPTION 'journal % is unbalanced in % by %', NEW.journal_id, bad.currency, bad.total USING ERRCODE = 'check_violation'; END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced()`);
  }
}
