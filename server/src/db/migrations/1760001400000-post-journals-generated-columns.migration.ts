import type { MigrationInterface, QueryRunner } from 'typeorm';
import { POST_JOURNALS_V3 } from './1760001300000-pin-attempts.migration';

/**
 * post_journals answers, for each customer-visible row it wrote, only what the database chose: its id, its time
 * and the balance after it. The server sent every other column and builds the row from those
 * (modules/ledger/ledger.service.ts, settleBatchResult). Before, it returned each whole row as JSON, which the
 * database built and the server parsed again for every transfer's two rows.
 */
const WHOLE_ROWS = `      RETURNING *
    )
    -- bigints travel as strings: JSON numbers would lose cents above 2^53 in JavaScript.
    SELECT coalesce(jsonb_object_agg(ins.reference, to_jsonb(ins) || jsonb_build_object('account_id', ins.account_id::text, 'amount_minor', ins.amount_minor::text,
             'fee_minor', ins.fee_minor::text, 'balance_after_minor', ins.balance_after_minor::text)), '{}'::jsonb)
      INTO entry_rows FROM ins;`;

const GENERATED_COLUMNS = `      RETURNING id, reference, created_at, balance_after_minor
    )
    -- bigints travel as strings: JSON numbers would lose cents above 2^53 in JavaScript.
    SELECT coalesce(jsonb_object_agg(ins.reference, jsonb_build_object('id', ins.id, 'created_at', ins.created_at,
             'balance_after_minor', ins.balance_after_minor::text)), '{}'::jsonb)
      INTO entry_rows FROM ins;`;

export const POST_JOURNALS_V4 = (() => {
  if (!POST_JOURNALS_V3.includes(WHOLE_ROWS)) throw new Error('post_journals v3 changed: its entries are not returned where this migration expects');
  return POST_JOURNALS_V3.replace(WHOLE_ROWS, () => GENERATED_COLUMNS);
})();

export class PostJournalsGeneratedColumns1760001400000 implements MigrationInterface {
  name = 'PostJournalsGeneratedColumns1760001400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(POST_JOURNALS_V4);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(POST_JOURNALS_V3);
  }
}
