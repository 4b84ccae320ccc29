import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applySqlSources } from '../sql-sources';

/**
 * From here on, every function, trigger and view the database runs is written whole in its area's source,
 * server/src/db/sql/<area>.sql (docs/decisions/0056-sql-sources.md), and this migration applies them all. Until now
 * the current definitions existed only as the sum of the migrations before this one, several of them built by
 * replacing text in an earlier migration's; those stay as they are, as history.
 *
 * The sources define what those migrations left, the same statements with their layout and comments for a reader:
 * nothing the database does changes. Each source is pinned to its digest as written for this migration; once a
 * source changes, a later migration pins and applies the new text, and this one leaves that source alone.
 */
export class SqlSources1760003200000 implements MigrationInterface {
  name = 'SqlSources1760003200000';

  static readonly sqlSources = {
    common: '11c38c10cbf27123',
    'audit-log': '24f5f2b3de926b9f',
    ledger: 'fb30f74c6bfaf891',
    transactions: '0437ed17140419a3',
    search: '6dca90b1880f0450',
    'pin-attempts': '98ca25e45450e84e',
    cheques: '944b2cfb30278f84',
    'crypto-wallet': 'dab77319ba2afdc6',
    'review-queue': '4f42720974a85499',
    'reference-data': 'd3e6686e3ca1958a',
  };

  async up(q: QueryRunner): Promise<void> {
    await applySqlSources(q, SqlSources1760003200000.sqlSources);
  }

  // The definitions are the ones the migrations before left, so there is nothing to put back.
  async down(): Promise<void> {}
}
