import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLY_POSTINGS_V2 } from './1760000300000-ledger-keyed-lookups.migration';
import { POST_JOURNALS_V5, replacedOnce } from './1760001700000-ledger-set-wise-checks.migration';

/**
 * A transfer's daily outbound total is written in the same row version as its balance
 * (docs/performance.md#outbound-total-written-with-the-balance). post_journals used to update the sender's account a second time,
 * after the postings' trigger had updated its balance. That second version of the row cost WAL, and because the row it
 * replaced was written by the same transaction, PostgreSQL re-checked the account's foreign key to its customer:
 * one more query a transfer, and a lock written on the customer's row.
 *
 * post_journals now hands the new totals to apply_postings for the length of its postings INSERT, through a setting
 * local to the transaction (`strongroom.outbound_minor`, a JSON object of account id to today's total), and empties it
 * right after. Every limited account is among the journal's postings (post_journals refuses one that is not), so the
 * trigger's one UPDATE reaches it. The setting carries nothing but those totals: a balance still changes only by the
 * sum of its postings.
 */
const OUTBOUND_SETTING = 'strongroom.outbound_minor';

const BALANCES_ONLY = `         u AS (UPDATE ledger_accounts a SET balance_minor = a.balance_minor + s.total FROM s
                WHERE a.id = s.account_id AND a.currency = s.currency RETURNING a.id)`;

const BALANCES_AND_OUTBOUND = `         o AS (SELECT nullif(current_setting('${OUTBOUND_SETTING}', true), '')::jsonb AS today),
         u AS (UPDATE ledger_accounts a SET balance_minor = a.balance_minor + s.total,
                      outbound_day = CASE WHEN o.today ? (a.id::text) THEN current_date ELSE a.outbound_day END,
                      outbound_minor = coalesce((o.today->>(a.id::text))::bigint, a.outbound_minor)
                 FROM s, o WHERE a.id = s.account_id AND a.currency = s.currency RETURNING a.id)`;

const POSTINGS_INSERT = `    INSERT INTO postings (journal_id, account_id, amount_minor, currency)`;

const OUTBOUND_SECOND_UPDATE = `
    IF cardinality(limited_ids) > 0 THEN
      UPDATE ledger_accounts a SET outbound_day = current_date, outbound_minor = (spent->>(a.id::text))::bigint
       WHERE a.id = ANY(limited_ids);
    END IF;
`;

const OUTBOUND_HANDED_TO_TRIGGER = `    -- apply_postings writes the limited accounts' new outbound totals with their balances (one row version each).
    PERFORM set_config('${OUTBOUND_SETTING}', coalesce((SELECT jsonb_object_agg(id::text, spent->(id::text)) FROM unnest(limited_ids) id)::text, ''), true);
${POSTINGS_INSERT}`;

const POSTINGS_INSERTED = `     WHERE results[b.o::int]->>'status' = 'ok';
${OUTBOUND_SECOND_UPDATE}`;

const SETTING_EMPTIED = `     WHERE results[b.o::int]->>'status' = 'ok';
    PERFORM set_config('${OUTBOUND_SETTING}', '', true);
`;

/** apply_postings, as 1760000300000 made it, with its own search_path (1760001200000 set it on every function). */
const APPLY_POSTINGS_V2_PINNED = replacedOnce(APPLY_POSTINGS_V2, 'SET enable_mergejoin = off\n', 'SET enable_mergejoin = off\n    SET search_path = public, pg_temp\n', 'apply_postings v2');

export const APPLY_POSTINGS_V3 = replacedOnce(APPLY_POSTINGS_V2_PINNED, BALANCES_ONLY, BALANCES_AND_OUTBOUND, 'apply_postings v2');

export const POST_JOURNALS_V6 = [
  [POSTINGS_INSERT, OUTBOUND_HANDED_TO_TRIGGER],
  [POSTINGS_INSERTED, SETTING_EMPTIED],
].reduce((sql, [from, to]) => replacedOnce(sql, from, to, 'post_journals v5'), POST_JOURNALS_V5);

export class OutboundWithBalance1760001900000 implements MigrationInterface {
  name = 'OutboundWithBalance1760001900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(APPLY_POSTINGS_V3);
    await q.query(POST_JOURNALS_V6);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(POST_JOURNALS_V5);
    await q.query(APPLY_POSTINGS_V2_PINNED);
  }
}
