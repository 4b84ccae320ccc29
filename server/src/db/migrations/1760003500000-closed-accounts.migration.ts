import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applySqlSources } from '../sql-sources';

/**
 * A closed account takes no more postings: post_journals refuses one (SRB06) under the account's own lock, so a
 * payment already on its way when the account closed is refused rather than landing where nobody can reach it
 * (docs/decisions/0062-accounts.md).
 */
export class ClosedAccounts1760003500000 implements MigrationInterface {
  name = 'ClosedAccounts1760003500000';

  static readonly sqlSources = { ledger: '5e43a0f0bc29fff3' };

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_accounts ADD COLUMN closed boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE ledger_accounts l SET closed = true FROM accounts a WHERE a.ledger_account_id = l.id AND a.status = 'closed'`);
    await applySqlSources(q, ClosedAccounts1760003500000.sqlSources);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_accounts DROP COLUMN closed`);
  }
}
