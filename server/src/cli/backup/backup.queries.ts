import type { ClientBase } from 'pg';

/** A table's data as the backup holds it: one COPY file, its columns named (generated columns are computed again). */
export interface TableEntry {
  schema: string;
  name: string;
  columns: string[];
}

export interface SequenceEntry {
  schema: string;
  name: string;
  /** bigint as text: never a JS number. */
  lastValue: string;
  isCalled: boolean;
}

/** Every schema of ours: PostgreSQL's own (pg_*, information_schema) left out. */
const USER_SCHEMAS = `n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'`;

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (entry: { schema: string; name: string }) => `${quoteIdentifier(entry.schema)}.${quoteIdentifier(entry.name)}`;

/** The tables that hold rows (partitions, not their parents), with their stored columns in order. */
export async function listTables(client: ClientBase): Promise<TableEntry[]> {
  const { rows } = await client.query<TableEntry>(
    `SELECT n.nspname AS schema, c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r' AND c.relpersistence <> 't' AND ${USER_SCHEMAS}
      GROUP BY n.nspname, c.relname
      ORDER BY 1, 2`,
  );
  return rows;
}

export async function listSequences(client: ClientBase): Promise<SequenceEntry[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND ${USER_SCHEMAS} ORDER BY 1, 2`,
  );
  const sequences: SequenceEntry[] = [];
  for (const sequence of rows) {
    const {
      rows: [state],
    } = await client.query<{ lastValue: string; isCalled: boolean }>(`SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${qualified(sequence)}`);
    sequences.push({ ...sequence, ...state });
  }
  return sequences;
}

/** Relations of ours in the database: 0 for an empty database. */
export async function countUserRelations(client: ClientBase): Promise<number> {
  const { rows } = await client.query<{ relations: number }>(
    `SELECT count(*)::int AS relations FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${USER_SCHEMAS}`,
  );
  return rows[0].relations;
}

/** The migrations applied, in order (TypeORM's table): a restore needs the same schema as the backup. */
export async function appliedMigrations(client: ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`SELECT name FROM migrations ORDER BY timestamp, id`);
  return rows.map((row) => row.name);
}

export async function serverVersion(client: ClientBase): Promise<string> {
  const { rows } = await client.query<{ version: string }>(`SHOW server_version`);
  return rows[0].version;
}

/** One snapshot for every table: the backup is consistent as of its first statement. */
export const BEGIN_SNAPSHOT = `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`;

/** Rows go in as they were: no trigger fires and no foreign key is checked while loading (needs a superuser). */
export const LOAD_WITHOUT_TRIGGERS = `SET LOCAL session_replication_role = replica`;

export const truncateAll = (tables: TableEntry[]) => `TRUNCATE ${tables.map(qualified).join(', ')}`;

export const copyOut = (table: TableEntry) => `COPY ${qualified(table)} (${table.columns.map(quoteIdentifier).join(', ')}) TO STDOUT`;
export const copyIn = (table: TableEntry) => `COPY ${qualified(table)} (${table.columns.map(quoteIdentifier).join(', ')}) FROM STDIN`;

export async function setSequence(client: ClientBase, sequence: SequenceEntry): Promise<void> {
  await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [qualified(sequence), sequence.lastValue, sequence.isCalled]);
}
