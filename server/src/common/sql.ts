import { DataSource, type EntityManager } from 'typeorm';
import { Client, type CustomTypesConfig, type Pool, type PoolClient, type QueryResultRow } from 'pg';

export type Queryable = Pick<EntityManager, 'query'>;

/** The SQLSTATE of a database error, whether pg's own or wrapped by TypeORM. */
export function sqlState(err: unknown): string | undefined {
  return (err as { code?: string; driverError?: { code?: string } })?.code ?? (err as { driverError?: { code?: string } })?.driverError?.code;
}

/**
 * Rows of a raw query. TypeORM's postgres driver answers UPDATE/DELETE ... RETURNING with [rows, count]
 * and everything else with rows; this hides the difference.
 */
export async function rows<T = Record<string, unknown>>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** The pg pool under a TypeORM DataSource (for prepared statements, the job queue, and waiting for queries to end). */
export function poolOf(ds: DataSource): Pool {
  return (ds.driver as unknown as { master: Pool }).master;
}

/** Where a named prepared statement can run: the pool (on any of its connections), or one connection held from it. */
export type Preparable = DataSource | PoolClient;

export function isPreparable(db: unknown): db is Preparable {
  return db instanceof DataSource || db instanceof Client;
}

/**
 * A hot query as a named prepared statement: parsed and planned once per connection instead of on every call.
 * `name` must always go with the same `text`.
 */
export async function prepared<T = Record<string, unknown>>(on: Preparable, name: string, text: string, params: unknown[]): Promise<T[]> {
  return pooledRows<T>(on, text, params, { name });
}

export interface PoolQueryOptions {
  /** A named statement, prepared once per connection (see `prepared`). */
  name?: string;
  /** Type parsers for this query only (e.g. TIMESTAMPS_AS_TEXT). */
  types?: CustomTypesConfig;
}

/** Rows of a query run on node-postgres directly, for what TypeORM's query cannot pass: a statement name, type parsers. */
export async function pooledRows<T = Record<string, unknown>>(on: Preparable, text: string, params: unknown[], options: PoolQueryOptions = {}): Promise<T[]> {
  const result = await (on instanceof DataSource ? poolOf(on) : on).query<T & QueryResultRow>({ name: options.name, text, values: params, types: options.types });
  return result.rows;
}
