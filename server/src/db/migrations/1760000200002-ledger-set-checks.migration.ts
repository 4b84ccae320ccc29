import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The postings' foreign keys checked once per INSERT statement instead of once per row: PostgreSQL runs a
 * foreign-key check as a separate lookup for every posting, which was a third of a batch's booking cost.
 * apply_postings() already joins each statement's postings to their journals and accounts; it now also
 * refuses a posting whose journal does not exist, and accounts, like journals, can no longer be deleted, so
 * nothing a foreign key guarded is lost.
 */
export class LedgerSetChecks1760000200002 implements MigrationInterface {
  name = 'LedgerSetChecks1760000200002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION apply_postings() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
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
      END $$`);
    await q.query(`ALTER TABLE postings DROP CONSTRAINT postings_journal_id_fkey, DROP CONSTRAINT postings_account_id_fkey`);
    await q.query(`CREATE TRIGGER ledger_accounts_never_deleted BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION forbid_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER ledger_accounts_never_deleted ON ledger_accounts`);
    await q.query(`ALTER TABLE postings ADD CONSTRAINT postings_journal_id_fkey FOREIGN KEY (journal_id) REFERENCES journals(id), ADD CONSTRAINT postings_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts(id)`);
  }
}
