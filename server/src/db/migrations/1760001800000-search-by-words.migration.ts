import type { MigrationInterface, QueryRunner } from 'typeorm';
import { NEW_TEXT, swapSearchIndex } from './1760001600000-search-without-reference.migration';

/**
 * Search finds the words of a description or recipient by their beginnings, through a word index, where a trigram
 * index found any substring (docs/decisions/0021-search-by-words.md). A row gives the word index about five keys
 * ("transfer", "to", a first and a last name, a memo's words) where it gave the trigram index about thirty, and
 * every payment books two rows inside the ledger's one serial statement: the trigram index was the largest single
 * cost of a booking, ~1.8 kB of its ~5.5 kB of WAL. The word index costs ~0.3 kB.
 *
 * `transaction_search_query` turns what a person typed into a query for that index: the same parser splits it into
 * words, each a prefix, all required. It is immutable, so the planner folds it into a constant and can weigh the
 * index against the customer's own list.
 *
 * Built CONCURRENTLY, outside a transaction, so a bank with millions of rows keeps taking payments while it builds;
 * every step can run again after a failure half-way.
 */
const WORDS = `to_tsvector('simple', description || ' ' || coalesce(recipient, ''))`;
const TRIGRAMS = `${NEW_TEXT} gin_trgm_ops`;

export class SearchByWords1760001800000 implements MigrationInterface {
  name = 'SearchByWords1760001800000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    // Each word quoted for tsquery (a backslash and a quote escaped), so nothing typed is read as an operator.
    await q.query(`
      CREATE OR REPLACE FUNCTION transaction_search_query(typed text) RETURNS tsquery
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = public, pg_temp AS $$
        SELECT string_agg('''' || replace(replace(word, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')::tsquery
          FROM unnest(tsvector_to_array(to_tsvector('simple', typed))) word
      $$`);
    await swapSearchIndex(q, WORDS);
  }

  async down(q: QueryRunner): Promise<void> {
    await swapSearchIndex(q, TRIGRAMS);
    await q.query(`DROP FUNCTION IF EXISTS transaction_search_query(text)`);
  }
}
