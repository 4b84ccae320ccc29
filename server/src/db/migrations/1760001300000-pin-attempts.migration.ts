import type { MigrationInterface, QueryRunner } from 'typeorm';
import { POST_JOURNALS_V2 } from './1760000300000-ledger-keyed-lookups.migration';

/**
 * PIN attempts move out of `customers` into a narrow table of their own, and a payment approved with a right PIN
 * starts them again in its booking's own commit (a journal's `pinReset`, modules/ledger/ledger.service.ts).
 *
 * Every payment writes its customer's attempts twice (an attempt taken before the PIN is judged, given back
 * after: modules/auth/pin-attempts.ts). In `customers` each write was a new version of a ~600-byte row, into
 * the WAL and the table; here it is a ~40-byte one. And the give-back, a statement and a commit of its own,
 * cost each same-bank transfer more than its booking. Only journals that were booked reset; for a refused
 * one the server does it. Rows are locked in id order, after the accounts, as every batch does.
 */
const BOOKED_KEYS_ANCHOR = '    -- Keys are recorded only for journals that were booked; a refusal is recorded by the server.';

export const PIN_RESET = `    PERFORM 1 FROM pin_attempts p
      WHERE p.customer_id IN (SELECT (b.it->>'pinReset')::uuid FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o)
                               WHERE results[b.o::int]->>'status' = 'ok' AND jsonb_typeof(b.it->'pinReset') = 'string')
        AND (p.failed_count <> 0 OR p.lock_count <> 0)
      ORDER BY p.customer_id FOR UPDATE OF p;
    UPDATE pin_attempts p SET failed_count = 0, lock_count = 0
     WHERE p.customer_id IN (SELECT (b.it->>'pinReset')::uuid FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o)
                              WHERE results[b.o::int]->>'status' = 'ok' AND jsonb_typeof(b.it->'pinReset') = 'string')
       AND (p.failed_count <> 0 OR p.lock_count <> 0);

`;

function withSearchPath(sql: string): string {
  const header = 'SET plan_cache_mode = force_generic_plan';
  if (!sql.includes(header)) throw new Error('post_journals v2 changed: its SET clause is not where this migration expects it');
  return sql.replace(header, `${header} SET search_path = public, pg_temp`);
}

export const POST_JOURNALS_V3 = (() => {
  if (!POST_JOURNALS_V2.includes(BOOKED_KEYS_ANCHOR)) throw new Error('post_journals v2 changed: the PIN reset has no place to go');
  return withSearchPath(POST_JOURNALS_V2.replace(BOOKED_KEYS_ANCHOR, () => PIN_RESET + BOOKED_KEYS_ANCHOR));
})();

export class PinAttempts1760001300000 implements MigrationInterface {
  name = 'PinAttempts1760001300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pin_attempts (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        failed_count int NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
        lock_count int NOT NULL DEFAULT 0 CHECK (lock_count >= 0),
        locked_until timestamptz
      ) WITH (fillfactor = 50)`);
    await q.query(`INSERT INTO pin_attempts (customer_id, failed_count, lock_count, locked_until) SELECT id, pin_failed_count, pin_lock_count, pin_locked_until FROM customers`);
    // Every customer has their row from the start, however they were made (enrolment, seed, a bench).
    await q.query(`
      CREATE FUNCTION customer_pin_attempts() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
      BEGIN
        INSERT INTO pin_attempts (customer_id) VALUES (NEW.id);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER customer_pin_attempts AFTER INSERT ON customers FOR EACH ROW EXECUTE FUNCTION customer_pin_attempts()`);
    await q.query(`ALTER TABLE customers DROP COLUMN pin_failed_count, DROP COLUMN pin_lock_count, DROP COLUMN pin_locked_until`);
    await q.query(POST_JOURNALS_V3);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(withSearchPath(POST_JOURNALS_V2));
    await q.query(`
      ALTER TABLE customers ADD COLUMN pin_failed_count int NOT NULL DEFAULT 0, ADD COLUMN pin_locked_until timestamptz,
        ADD COLUMN pin_lock_count int NOT NULL DEFAULT 0 CHECK (pin_lock_count >= 0)`);
    await q.query(`UPDATE customers c SET pin_failed_count = p.failed_count, pin_lock_count = p.lock_count, pin_locked_until = p.locked_until FROM pin_attempts p WHERE p.customer_id = c.id`);
    await q.query(`DROP TRIGGER customer_pin_attempts ON customers`);
    await q.query(`DROP FUNCTION customer_pin_attempts()`);
    await q.query(`DROP TABLE pin_attempts`);
  }
}
