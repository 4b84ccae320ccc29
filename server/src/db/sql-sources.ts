import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QueryRunner } from 'typeorm';

/**
 * The SQL the database runs (functions, trigger functions, triggers, views) lives whole in one readable source per
 * area, db/sql/<area>.sql (docs/decisions/0056-sql-sources.md). Each source is a list of CREATE OR REPLACE
 * statements, so applying it again to a database that has it changes nothing.
 *
 * A migration applies the sources it names, each pinned to the digest it had when the migration was written: a
 * fresh database replays every migration, and an old one must not apply a source that has changed since (the new
 * text may need tables or columns that only later migrations make). It skips a source whose digest has moved on;
 * the migration that pinned the new digest applies it. server/test/db/sql-sources.test.ts fails when a source has no
 * migration pinning its current digest, or when the migrated database differs from the sources.
 */

/** In the order they are applied: common.sql first, as later areas' triggers call its functions. */
export const SQL_SOURCE_AREAS = [
  'common',
  'audit-log',
  'ledger',
  'transactions',
  'search',
  'pin-attempts',
  'cheques',
  'crypto-wallet',
  'review-queue',
  'reference-data',
  'accounts',
  'interest',
] as const;

export type SqlSourceArea = (typeof SQL_SOURCE_AREAS)[number];

/** Area -> digest, as a migration pins the sources it applies. Plain strings: an area may be retired later. */
export type SqlSourceDigests = Readonly<Record<string, string>>;

/** A migration that applies sources says which in a static `sqlSources`, so that the test can read the pins. */
export interface SqlSourceMigration {
  name: string;
  sqlSources?: SqlSourceDigests;
}

/** Next to the compiled code: the server build copies db/sql into dist (server/package.json). */
export function sqlSourcePath(area: SqlSourceArea): string {
  return join(__dirname, 'sql', `${area}.sql`);
}

export function readSqlSource(area: SqlSourceArea): string {
  return readFileSync(sqlSourcePath(area), 'utf8');
}

const WORD_CHARACTER = /[A-Za-z0-9_$]/;
const DOLLAR_QUOTE = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/** Where the literal or quoted identifier that opens at `start` ends (just past its closing quote). */
function quotedEnd(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    if (backslashEscapes && sql[i] === '\\') i += 2;
    else if (sql[i] === quote && sql[i + 1] === quote) i += 2;
    else if (sql[i] === quote) return i + 1;
    else i += 1;
  }
  return sql.length;
}

/** Where the block comment that opens at `start` ends; PostgreSQL's block comments nest. */
function blockCommentEnd(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql.startsWith('/*', i) || sql.startsWith('*/', i)) {
      depth += sql[i] === '/' ? 1 : -1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return sql.length;
}

/**
 * SQL as the database runs it, without what only a reader sees: comments go, and whitespace stays only where it
 * separates two words. String literals and quoted identifiers are kept exactly; a dollar-quoted body is code (a
 * function's), so its content is normalised the same way. Two texts that normalise alike behave alike.
 */
export function normalisedSql(sql: string): string {
  let out = '';
  let gap = false;
  const emit = (text: string) => {
    if (gap && WORD_CHARACTER.test(out.slice(-1)) && WORD_CHARACTER.test(text[0])) out += ' ';
    gap = false;
    out += text;
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (/\s/.test(c)) {
      gap = true;
      i += 1;
    } else if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      gap = true;
    } else if (sql.startsWith('/*', i)) {
      i = blockCommentEnd(sql, i);
      gap = true;
    } else if (c === "'" || c === '"') {
      // E'...' strings take backslash escapes: the E was just emitted, and stands alone (not the end of a word).
      const escaped = c === "'" && /(^|[^A-Za-z0-9_$])[eE]$/.test(out) && !gap;
      const end = quotedEnd(sql, i, c, escaped);
      emit(sql.slice(i, end));
      i = end;
    } else if (c === '$' && !WORD_CHARACTER.test(sql[i - 1] ?? '') && DOLLAR_QUOTE.test(sql.slice(i, i + 64))) {
      const tag = DOLLAR_QUOTE.exec(sql.slice(i, i + 64))![0];
      const close = sql.indexOf(tag, i + tag.length);
      const end = close < 0 ? sql.length : close;
      emit(`${tag}${normalisedSql(sql.slice(i + tag.length, end))}${tag}`);
      i = end + tag.length;
    } else {
      emit(c);
      i += 1;
    }
  }
  return out;
}

/** A source's digest: of its normalised text, so that a comment or a line break needs no migration. */
export function sqlSourceDigest(sql: string): string {
  return createHash('sha256').update(normalisedSql(sql)).digest('hex').slice(0, 16);
}

/** Applies each source `pinned` names whose text still has the pinned digest; see above for the ones that do not. */
export async function applySqlSources(q: QueryRunner, pinned: SqlSourceDigests): Promise<void> {
  for (const area of SQL_SOURCE_AREAS) {
    if (!pinned[area]) continue;
    const sql = readSqlSource(area);
    if (sqlSourceDigest(sql) !== pinned[area]) continue;
    await q.query(sql);
  }
}

/** For each area, the last migration (in order) that pins it, with its digest. */
export function lastSqlSourcePins(migrations: readonly SqlSourceMigration[]): Map<string, { migration: string; digest: string }> {
  const pins = new Map<string, { migration: string; digest: string }>();
  for (const migration of migrations) {
    for (const [area, digest] of Object.entries(migration.sqlSources ?? {})) pins.set(area, { migration: migration.name, digest });
  }
  return pins;
}
