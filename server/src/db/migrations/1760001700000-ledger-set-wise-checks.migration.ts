import type { MigrationInterface, QueryRunner } from 'typeorm';
import { POST_JOURNALS_V4 } from './1760001400000-post-journals-generated-columns.migration';

/**
 * What a batch's booking did once per journal or once per row, it now does once per batch, because one batch at a
 * time is booked and its time is the ledger's ceiling (docs/performance.md#ledger-checks-once-per-batch). Measured on a
 * copy of the bench's database, a 16-transfer batch: 4.5 ms before, 4.0 ms after.
 *
 * - post_journals asks for the batch's Idempotency-Keys, judges funds and answers in one statement each, where it ran
 *   a query per journal (each with an executor of its own to start), and writes the ids the server chose for the
 *   customer-visible rows (time-ordered, as uuid_v7() makes them; it still does for a row that comes without one).
 * - A customer-visible row must be on an account of its own customer: checked once per INSERT statement (transition
 *   table) instead of two foreign-key lookups per row, each of which also locked the customer's row. That is
 *   stronger than the two keys were, and enough: an account is never deleted, and a customer with an account cannot
 *   be (ledger_accounts' own key). Whose row it is never changes afterwards.
 * - The guard on balances runs only when a balance changes (not for the daily outbound count).
 */
const IDEMPOTENCY_PER_JOURNAL = `    -- Idempotency-Keys: one in flight elsewhere is 'in_progress'; one recorded before is 'used'.
    FOR i IN 0 .. n - 1 LOOP
      idem := p_batch->i->'idem';
      CONTINUE WHEN jsonb_typeof(idem) IS DISTINCT FROM 'object';
      IF NOT pg_try_advisory_xact_lock(hashtextextended((idem->>'scope') || ' ' || (idem->>'key'), 0)) THEN
        results[i + 1] := '{"status":"in_progress"}';
      ELSIF EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.scope = idem->>'scope' AND k.key = idem->>'key') THEN
        results[i + 1] := '{"status":"used"}';
      END IF;
    END LOOP;
`;

// CASE tries the lock first and looks for the key only once it holds it, as the loop did.
const IDEMPOTENCY_PER_BATCH = `    -- Idempotency-Keys: one in flight elsewhere is 'in_progress'; one recorded before is 'used'.
    FOR seen IN
      SELECT b.o::int AS o,
             CASE WHEN NOT pg_try_advisory_xact_lock(hashtextextended((b.it->'idem'->>'scope') || ' ' || (b.it->'idem'->>'key'), 0)) THEN 'in_progress'
                  WHEN EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.scope = b.it->'idem'->>'scope' AND k.key = b.it->'idem'->>'key') THEN 'used' END AS state
        FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o) WHERE jsonb_typeof(b.it->'idem') = 'object'
    LOOP
      IF seen.state IS NOT NULL THEN results[seen.o] := jsonb_build_object('status', seen.state); END IF;
    END LOOP;
`;

const FUNDS_BY_QUERY = `      IF refusal IS NULL AND EXISTS (SELECT 1 FROM jsonb_each_text(tent) t WHERE kinds->>t.key = 'customer' AND t.value::bigint < 0) THEN
        refusal := 'SRB01'; refusal_message := 'insufficient funds';
      END IF;
`;

const FUNDS_IN_PLACE = `      FOR j IN 0 .. coalesce(jsonb_array_length(item->'postings'), 0) - 1 LOOP
        EXIT WHEN refusal IS NOT NULL;
        posting := item->'postings'->j;
        IF kinds->>(posting->>'a') = 'customer' AND (tent->>(posting->>'a'))::bigint < 0 THEN
          refusal := 'SRB01'; refusal_message := 'insufficient funds';
        END IF;
      END LOOP;
`;

const ANSWERS_PER_JOURNAL = `    FOR i IN 0 .. n - 1 LOOP
      CONTINUE WHEN afters[i + 1] IS NULL;
      item := p_batch->i;
      results[i + 1] := jsonb_build_object('status', 'ok', 'journalId', jmap->>(item->>'reference'),
        'balances', (SELECT jsonb_object_agg(t.key, t.value #>> '{}') FROM jsonb_each(afters[i + 1]) t),
        'entries', (SELECT coalesce(jsonb_agg(entry_rows->(x->>'reference') ORDER BY o), '[]'::jsonb)
                      FROM jsonb_array_elements(item->'entries') WITH ORDINALITY y(x, o)));
    END LOOP;
    RETURN to_jsonb(results);
  END $$`;

const ANSWERS_PER_BATCH = `    RETURN (SELECT jsonb_agg(CASE WHEN afters[b.o::int] IS NULL THEN results[b.o::int] ELSE jsonb_build_object('status', 'ok', 'journalId', jmap->>(b.it->>'reference'),
                'balances', (SELECT jsonb_object_agg(t.key, t.value #>> '{}') FROM jsonb_each(afters[b.o::int]) t),
                'entries', (SELECT coalesce(jsonb_agg(entry_rows->(x->>'reference') ORDER BY y.o), '[]'::jsonb)
                              FROM jsonb_array_elements(b.it->'entries') WITH ORDINALITY y(x, o))) END ORDER BY b.o)
              FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o));
  END $$`;

const REPLACEMENTS: [string, string][] = [
  ['    idem jsonb;\n', '    seen record;\n'],
  [IDEMPOTENCY_PER_JOURNAL, IDEMPOTENCY_PER_BATCH],
  [FUNDS_BY_QUERY, FUNDS_IN_PLACE],
  [ANSWERS_PER_JOURNAL, ANSWERS_PER_BATCH],
  ['INSERT INTO transactions (reference, customer_id,', 'INSERT INTO transactions (id, reference, customer_id,'],
  ['      SELECT e.reference, e.customer_id,', '      SELECT coalesce(e.id, uuid_v7()), e.reference, e.customer_id,'],
  ['AS e(reference text, customer_id uuid,', 'AS e(id uuid, reference text, customer_id uuid,'],
];

/** `sql` with `from`, which must occur exactly once, replaced by `to`; `what` names the SQL in the error (a later migration uses it too). */
export function replacedOnce(sql: string, from: string, to: string, what: string): string {
  if (sql.split(from).length !== 2) throw new Error(`${what} changed: expected once: ${from.trim().split('\n')[0]}`);
  return sql.replace(from, () => to);
}

export const POST_JOURNALS_V5 = REPLACEMENTS.reduce((sql, [from, to]) => replacedOnce(sql, from, to, 'post_journals v4'), POST_JOURNALS_V4);

const OWNED_ROWS = `
  CREATE FUNCTION check_transaction_owners() RETURNS trigger LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM new_transactions n LEFT JOIN ledger_accounts a ON a.id = n.account_id WHERE a.customer_id IS DISTINCT FROM n.customer_id) THEN
      RAISE EXCEPTION 'a transaction must be on an account of its own customer' USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
  END $$`;

const OWNER_KEPT = `
  CREATE FUNCTION forbid_owner_change() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
  BEGIN
    RAISE EXCEPTION 'a transaction stays with its customer and account' USING ERRCODE = 'foreign_key_violation';
  END $$`;

export class LedgerSetWiseChecks1760001700000 implements MigrationInterface {
  name = 'LedgerSetWiseChecks1760001700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(OWNED_ROWS);
    await q.query(`CREATE TRIGGER transactions_owned AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_transactions FOR EACH STATEMENT EXECUTE FUNCTION check_transaction_owners()`);
    await q.query(OWNER_KEPT);
    await q.query(`
      CREATE TRIGGER transactions_owner_kept BEFORE UPDATE OF customer_id, account_id ON transactions FOR EACH ROW
        WHEN (NEW.customer_id IS DISTINCT FROM OLD.customer_id OR NEW.account_id IS DISTINCT FROM OLD.account_id) EXECUTE FUNCTION forbid_owner_change()`);
    await q.query(`ALTER TABLE transactions DROP CONSTRAINT transactions_customer_id_fkey, DROP CONSTRAINT transactions_account_id_fkey`);
    await q.query(`DROP TRIGGER ledger_accounts_guard ON ledger_accounts`);
    await q.query(`CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts FOR EACH ROW WHEN (NEW.balance_minor <> OLD.balance_minor) EXECUTE FUNCTION guard_balance()`);
    await q.query(POST_JOURNALS_V5);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(POST_JOURNALS_V4);
    await q.query(`DROP TRIGGER ledger_accounts_guard ON ledger_accounts`);
    await q.query(`CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION guard_balance()`);
    await q.query(
      `ALTER TABLE transactions ADD CONSTRAINT transactions_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id), ADD CONSTRAINT transactions_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts(id)`,
    );
    await q.query(`DROP TRIGGER transactions_owner_kept ON transactions`);
    await q.query(`DROP FUNCTION forbid_owner_change()`);
    await q.query(`DROP TRIGGER transactions_owned ON transactions`);
    await q.query(`DROP FUNCTION check_transaction_owners()`);
  }
}
