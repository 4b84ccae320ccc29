import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigram search index covers description and recipient, no longer the reference. A reference's characters are
 * random, so each row added about twenty trigrams scattered at random over the index, where a description's land on
 * the same few keys as thousands of others: measured on a copy of the bench's database, they were most of what the
 * index cost a booking (docs/decisions/0018-reference-search.md).
 * A reference is found whole through its unique index instead (transactions.service.ts, transactionSearch).
 *
 * Built CONCURRENTLY, outside a transaction, so a bank with millions of rows keeps taking payments while it builds;
 * every step can run again after a failure half-way.
 */
const OLD_TEXT = `(description || ' ' || coalesce(recipient, '') || ' ' || reference)`;
/** The text the search index covers since this migration (and, for trigrams, what migration 1760001800000 goes back to). */
export const NEW_TEXT = `(description || ' ' || coalesce(recipient, ''))`;

/** Replaces the search index with a GIN index on `definition`, built beside it first (also migration 1760001800000). */
export async function swapSearchIndex(q: QueryRunner, definition: string) {
  await q.query(`DROP INDEX CONCURRENTLY IF EXISTS transactions_search_next_idx`);
  await q.query(`CREATE INDEX CONCURRENTLY transactions_search_next_idx ON transactions USING gin (${definition}) WITH (gin_pending_list_limit = 256)`);
  await q.query(`DROP INDEX CONCURRENTLY IF EXISTS transactions_search_idx`);
  await q.query(`ALTER INDEX transactions_search_next_idx RENAME TO transactions_search_idx`);
}

export class SearchWithoutReference1760001600000 implements MigrationInterface {
  name = 'SearchWithoutReference1760001600000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await swapSearchIndex(q, `${NEW_TEXT} gin_trgm_ops`);
  }

  async down(q: QueryRunner): Promise<void> {
    await swapSearchIndex(q, `${OLD_TEXT} gin_trgm_ops`);
  }
}
