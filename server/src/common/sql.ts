import type { EntityManager } from 'typeorm';

type Queryable = Pick<EntityManager, 'query'>;

/**
 * Rows of a raw query. TypeORM's postgres driver answers UPDATE/DELETE ... RETURNING with [rows, count]
 * and everything else with rows; this hides the difference.
 */
export async function rows<T = Record<string, unknown>>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
