import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A money movement in one database call. `post_journal()` locks the accounts in id order, refuses
 * overdrafts and over-limit payments, writes the journal, its postings and the customer-visible
 * transaction rows, and (when asked) marks the Idempotency-Key done, all in the statement that calls it.
 * Round trips between Node and PostgreSQL while row locks are held were what limited throughput.
 *
 * The guarantees stay in the database and get cheaper: balances are applied once per INSERT statement
 * (transition table) instead of once per posting, and the deferred balance check runs once per journal
 * instead of once per posting. A journal can receive postings only in the transaction that created it,
 * so checking it once at commit covers every posting it will ever have.
 */
/** post_journal() as this migration creates it (1760000200001 replaces it; its down restores this). */
export const POST_JOURNAL_ONE_CALL_SQL = `
      CREATE FUNCTION post_journal(
        p_kind text, p_reference text, p_description text, p_metadata jsonb,
        p_accounts bigint[], p_amounts bigint[], p_currencies text[],
        p_entries jsonb DEFAULT '[]'::jsonb,
        p_outbound_limit jsonb DEFAULT NULL,
        p_idempotency jsonb DEFAULT NULL
      ) RETURNS jsonb LANGUAGE plpgsql
        -- Its statements are planned once per connection: custom plans (the default for the first calls
        -- and whenever estimates vary) cost more than the booking itself.
        SET plan_cache_mode = force_generic_plan
      AS $$
      DECLARE
        acc record;
        balances jsonb := '{}'::jsonb;
        spent bigint;
        limited_account bigint := (p_outbound_limit->>'accountId')::bigint;
        j_id bigint;
        entries jsonb;
      BEGIN
        -- The key is claimed and marked done in this same transaction, so it commits with the money or not
        -- at all. The advisory lock makes a concurrent duplicate answer 'in progress' instead of waiting.
        IF p_idempotency IS NOT NULL THEN
          IF NOT pg_try_advisory_xact_lock(hashtextextended((p_idempotency->>'scope') || ' ' || (p_idempotency->>'key'), 0)) THEN
            RAISE EXCEPTION 'a request with this Idempotency-Key is in progress' USING ERRCODE = 'SRB04';
          END IF;
          INSERT INTO idempotency_keys (scope, key, request_hash, status, response_status, response_ref)
          VALUES (p_idempotency->>'scope', p_idempotency->>'key', p_idempotency->>'hash', 'done', (p_idempotency->>'status')::int, p_idempotency->>'ref')
          ON CONFLICT (scope, key) DO NOTHING;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'this Idempotency-Key has been used before' USING ERRCODE = 'SRB05';
          END IF;
        END IF;

        IF coalesce(array_length(p_accounts, 1), 0) < 2
           OR array_length(p_accounts, 1) <> array_length(p_amounts, 1)
           OR array_length(p_accounts, 1) <> array_length(p_currencies, 1) THEN
          RAISE EXCEPTION 'a journal needs at least two postings, each with an account, an amount and a currency' USING ERRCODE = 'SRB03';
        END IF;

        -- Locks in ascending id order: concurrent journals cannot deadlock each other.
        FOR acc IN
          SELECT a.id, a.kind, a.currency, a.balance_minor + x.delta AS after, x.currencies, x.delta,
                 CASE WHEN a.outbound_day = current_date THEN a.outbound_minor ELSE 0 END AS spent_today
            FROM ledger_accounts a
            JOIN (SELECT p.acc, sum(p.amt) AS delta, array_agg(DISTINCT p.cur) AS currencies
                    FROM unnest(p_accounts, p_amounts, p_currencies) AS p(acc, amt, cur) GROUP BY p.acc) x ON x.acc = a.id
           ORDER BY a.id
             FOR UPDATE OF a
        LOOP
          IF acc.currencies <> ARRAY[acc.currency::text] THEN
            RAISE EXCEPTION 'posting in % to a % account', array_to_string(acc.currencies, ','), acc.currency USING ERRCODE = 'SRB03';
          END IF;
          balances := balances || jsonb_build_object(acc.id::text, acc.after::text);
          -- Checked while the sender's account is locked, so two payments cannot both fit under the limit.
          IF acc.id = limited_account THEN
            spent := acc.spent_today + (p_outbound_limit->>'debitMinor')::bigint;
            IF spent > (p_outbound_limit->>'limitMinor')::bigint THEN
              RAISE EXCEPTION 'daily outbound limit exceeded' USING ERRCODE = 'SRB02';
            END IF;
          END IF;
          IF acc.kind = 'customer' AND acc.after < 0 THEN
            RAISE EXCEPTION 'insufficient funds in account %', acc.id USING ERRCODE = 'SRB01';
          END IF;
        END LOOP;
        -- (A posting to an unknown account is refused by apply_postings when the postings are inserted.)

        IF limited_account IS NOT NULL THEN
          IF spent IS NULL THEN
            RAISE EXCEPTION 'the limited account % is not in the journal', limited_account USING ERRCODE = 'SRB03';
          END IF;
          UPDATE ledger_accounts SET outbound_day = current_date, outbound_minor = spent WHERE id = limited_account;
        END IF;

        INSERT INTO journals (reference, kind, description, metadata) VALUES (p_reference, p_kind, left(p_description, 200), coalesce(p_metadata, '{}'::jsonb))
          RETURNING id INTO j_id;
        INSERT INTO postings (journal_id, account_id, amount_minor, currency)
          SELECT j_id, p.acc, p.amt, p.cur FROM unnest(p_accounts, p_amounts, p_currencies) AS p(acc, amt, cur);

        WITH ins AS (
          INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, fee_minor, currency,
                                    recipient, counterparty, balance_after_minor, channel, location, memo, metadata, created_at)
          SELECT e.reference, e.customer_id, e.account_id, e.type, e.kind, e.status, left(e.description, 200), e.category, e.amount_minor, coalesce(e.fee_minor, 0), e.currency,
                 e.recipient, e.counterparty, coalesce(e.balance_after_minor, (balances->>(e.account_id::text))::bigint), e.channel, e.location, e.memo,
                 coalesce(e.metadata, '{}'::jsonb), coalesce(e.created_at, now())
            FROM jsonb_to_recordset(p_entries) AS e(reference text, customer_id uuid, account_id bigint, type text, kind text, status text, description text,
                 category text, amount_minor bigint, fee_minor bigint, currency text, recipient text, counterparty text, balance_after_minor bigint,
                 channel text, location text, memo text, metadata jsonb, created_at timestamptz)
          RETURNING *
        )
        -- bigints travel as strings: JSON numbers would lose cents above 2^53 in JavaScript.
        SELECT coalesce(jsonb_agg(to_jsonb(ins) || jsonb_build_object('account_id', ins.account_id::text, 'amount_minor', ins.amount_minor::text,
                 'fee_minor', ins.fee_minor::text, 'balance_after_minor', ins.balance_after_minor::text)), '[]'::jsonb)
          INTO entries FROM ins;

        RETURN jsonb_build_object('journalId', j_id::text, 'balances', balances, 'entries', entries);
      END $$`;

export class LedgerOneCall1760000200000 implements MigrationInterface {
  name = 'LedgerOneCall1760000200000';

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

    await q.query(`
      CREATE FUNCTION apply_postings() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
      DECLARE groups int; updated int;
      BEGIN
        IF EXISTS (SELECT 1 FROM new_postings n JOIN journals j ON j.id = n.journal_id WHERE j.txid <> txid_current()) THEN
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
      END $$`);
    await q.query(`CREATE TRIGGER postings_apply AFTER INSERT ON postings REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION apply_postings()`);

    // Debits equal credits per journal and currency, checked at commit by the database itself.
    await q.query(`
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
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER journals_balanced AFTER INSERT ON journals
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced()`);

    // SQLSTATEs the server maps to answers: SRB01 insufficient funds, SRB02 over the daily outbound limit,
    // SRB03 a ledger invariant broken by the caller, SRB04 a request with this Idempotency-Key is in
    // progress, SRB05 this Idempotency-Key has been used before (the server reads what it answered).
    await q.query(POST_JOURNAL_ONE_CALL_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION post_journal(text, text, text, jsonb, bigint[], bigint[], text[], jsonb, jsonb, jsonb)`);
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
