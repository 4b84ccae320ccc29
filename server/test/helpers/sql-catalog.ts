import type { Client } from 'pg';
import { SQL_SOURCE_AREAS, normalisedSql, readSqlSource, type SqlSourceArea } from '../../src/db/sql-sources';

/**
 * The database's functions, triggers and views against the sources in server/src/db/sql
 * (docs/decisions/0056-sql-sources.md). The schemas checked are every one but PostgreSQL's own and the job queue's
 * (graphile_worker: the library makes and migrates it); objects an extension owns (pgcrypto, pg_trgm, ...) are left
 * out too.
 *
 * Compared as the database prints them: in one transaction that is rolled back, the database's definitions are read,
 * every function, trigger and view of those schemas is dropped, the sources are applied in order, and the
 * definitions are read again. Function bodies are compared normalised (normalisedSql: comments and layout aside).
 */

const APP_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'graphile_worker') AND n.nspname NOT LIKE 'pg\\_%'`;
const NOT_EXTENSION_OWNED = (catalog: string, id: string) => `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${id} AND d.deptype = 'e')`;

/** Object (e.g. `function post_journals(jsonb)`, `trigger postings_apply on postings`) -> its definition, normalised. */
export type Catalog = Map<string, string>;

export async function readCatalog(client: Client): Promise<Catalog> {
  const { rows } = await client.query<{ object: string; definition: string }>(`
    SELECT 'function ' || p.oid::regprocedure::text AS object,
           CASE WHEN p.prokind = 'a' THEN 'aggregate ' || p.oid::regprocedure::text ELSE pg_get_functiondef(p.oid) END AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE ${APP_SCHEMAS} AND ${NOT_EXTENSION_OWNED('pg_proc', 'p.oid')}
    UNION ALL
    SELECT 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text,
           pg_get_triggerdef(t.oid) || CASE t.tgenabled WHEN 'O' THEN '' ELSE ' (enabled: ' || t.tgenabled::text || ')' END
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE NOT t.tgisinternal AND ${APP_SCHEMAS}
    UNION ALL
    SELECT CASE c.relkind WHEN 'm' THEN 'materialized view ' ELSE 'view ' END || c.oid::regclass::text,
           pg_get_viewdef(c.oid) || coalesce(' WITH ' || array_to_string(c.reloptions, ', '), '')
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('v', 'm') AND ${APP_SCHEMAS} AND ${NOT_EXTENSION_OWNED('pg_class', 'c.oid')}`);
  return new Map(rows.map((row) => [row.object, normalisedSql(row.definition)]));
}

/** Drops every trigger, view and function (procedure, aggregate) of the schemas checked; CASCADE takes what uses them. */
async function dropAll(client: Client): Promise<void> {
  await client.query(`
    DO $$
    DECLARE object record;
    BEGIN
      FOR object IN SELECT t.tgname, t.tgrelid::regclass AS tab FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE NOT t.tgisinternal AND ${APP_SCHEMAS} LOOP
        EXECUTE format('DROP TRIGGER %I ON %s', object.tgname, object.tab);
      END LOOP;
      FOR object IN SELECT c.oid::regclass AS view, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE c.relkind IN ('v', 'm') AND ${APP_SCHEMAS} AND ${NOT_EXTENSION_OWNED('pg_class', 'c.oid')} LOOP
        EXECUTE format('DROP %s IF EXISTS %s CASCADE', CASE object.relkind WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'VIEW' END, object.view);
      END LOOP;
      FOR object IN SELECT p.oid::regprocedure AS routine FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                     WHERE ${APP_SCHEMAS} AND ${NOT_EXTENSION_OWNED('pg_proc', 'p.oid')} LOOP
        EXECUTE format('DROP ROUTINE IF EXISTS %s CASCADE', object.routine);
      END LOOP;
    END $$`);
}

/** Each top-level statement of a source, normalised (normalisedSql: no comments), without its closing `;`. */
export function sourceStatements(sql: string): string[] {
  const text = normalisedSql(sql);
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const dollarTag = text[i] === '$' && !/[A-Za-z0-9_$]/.test(text[i - 1] ?? '') ? /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64)) : null;
    const close = dollarTag ? text.indexOf(dollarTag[0], i + dollarTag[0].length) : -1;
    if (text[i] === "'" || text[i] === '"') i = text.indexOf(text[i], i + 1) + 1 || text.length;
    else if (dollarTag) i = close < 0 ? text.length : close + dollarTag[0].length;
    else if (text[i] === ';') {
      statements.push(text.slice(start, i).trim());
      start = i += 1;
    } else i += 1;
  }
  if (text.slice(start).trim()) statements.push(text.slice(start).trim());
  return statements;
}

export interface SourceComparison {
  /** Each object the sources define -> the area whose source defines it. */
  areaOf: Map<string, SqlSourceArea>;
  /** What does not match, one line each; empty when the database matches its sources. */
  problems: string[];
}

/**
 * Compares the database `client` is connected to (as its owner) with the sources. `change` runs first, inside the
 * same rolled-back transaction: a test uses it to make the database differ.
 */
export async function compareWithSources(client: Client, change?: (client: Client) => Promise<void>): Promise<SourceComparison> {
  const problems: string[] = [];
  const areaOf = new Map<string, SqlSourceArea>();
  const fromSources: Catalog = new Map();
  let database: Catalog;
  await client.query('BEGIN');
  try {
    if (change) await change(client);
    database = await readCatalog(client);
    await dropAll(client);
    for (const area of SQL_SOURCE_AREAS) {
      await client.query(readSqlSource(area));
      for (const [object, definition] of await readCatalog(client)) {
        const known = fromSources.get(object);
        if (known === undefined) {
          areaOf.set(object, area);
          fromSources.set(object, definition);
        } else if (known !== definition) problems.push(`${object} is defined in ${areaOf.get(object)}.sql and again in ${area}.sql`);
      }
    }
  } finally {
    await client.query('ROLLBACK');
  }
  for (const [object, definition] of database) {
    const source = fromSources.get(object);
    if (source === undefined) problems.push(`${object} has no source in server/src/db/sql`);
    else if (source !== definition) problems.push(`${object} differs from ${areaOf.get(object)}.sql:\n  database: ${definition}\n  source:   ${source}`);
  }
  for (const object of fromSources.keys()) {
    if (!database.has(object)) problems.push(`${object} (${areaOf.get(object)}.sql) is missing from the database`);
  }
  return { areaOf, problems };
}
