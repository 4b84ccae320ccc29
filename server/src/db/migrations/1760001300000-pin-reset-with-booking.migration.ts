import type { MigrationInterface, QueryRunner } from 'typeorm';
import { POST_JOURNALS_V2 } from './1760000300000-ledger-keyed-lookups.migration';

/**
 * A payment approved with a right PIN starts its customer's PIN attempts again in the booking's own commit
 * (a journal's `pinReset`, modules/ledger/ledger.service.ts) instead of a statement and a commit of its own:
 * the attempt bookkeeping had cost each same-bank transfer more than its booking. Only journals that were
 * booked reset; a refused one leaves the server to do it. Rows are locked in id order, after the accounts,
 * as every batch does.
 */
const BOOKED_KEYS_ANCHOR = '    -- Keys are recorded only for journals that were booked; a refusal is recorded by the server.';

const PIN_RESET = `    PERFORM 1 FROM customers c
      WHERE c.id IN (SELECT (b.it->>'pinReset')::uuid FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o)
                      WHERE results[b.o::int]->>'status' = 'ok' AND jsonb_typeof(b.it->'pinReset') = 'string')
        AND (c.pin_failed_count <> 0 OR c.pin_lock_count <> 0)
      ORDER BY c.id FOR UPDATE OF c;
    UPDATE customers c SET pin_failed_count = 0, pin_lock_count = 0
     WHERE c.id IN (SELECT (b.it->>'pinReset')::uuid FROM jsonb_array_elements(p_batch) WITH ORDINALITY b(it, o)
                     WHERE results[b.o::int]->>'status' = 'ok' AND jsonb_typeof(b.it->'pinReset') = 'string')
       AND (c.pin_failed_count <> 0 OR c.pin_lock_count <> 0);

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

export class PinResetWithBooking1760001300000 implements MigrationInterface {
  name = 'PinResetWithBooking1760001300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(POST_JOURNALS_V3);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(withSearchPath(POST_JOURNALS_V2));
  }
}
