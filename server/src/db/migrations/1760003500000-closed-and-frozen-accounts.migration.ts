import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applySqlSources } from '../sql-sources';

/**
 * A closed account takes no more postings and no money leaves a frozen one: post_journals refuses them (SRB06, SRB07)
 * under the account's own lock, whichever way the payment came, so a payment already on its way when the account
 * closed or froze is refused too (docs/decisions/0062-accounts.md).
 */
export class ClosedAndFrozenAccounts1760003500000 implements MigrationInterface {
  name = 'ClosedAndFrozenAccounts1760003500000';

  static readonly sqlSources = { ledger: '052da3d1ef60f373' };

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_accounts ADD COLUMN closed boolean NOT NULL DEFAULT false, ADD COLUMN frozen boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE ledger_accounts l SET closed = a.status = 'closed', frozen = a.status = 'frozen' FROM accounts a WHERE a.ledger_account_id = l.id AND a.status IN ('closed','frozen')`);
    await applySqlSources(q, ClosedAndFrozenAccounts1760003500000.sqlSources);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_accounts DROP COLUMN closed, DROP COLUMN frozen`);
  }
}
