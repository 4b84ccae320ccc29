import { rows, type Queryable } from './sql';

/** Whether the database answering is a primary (not a replica in recovery). */
export async function isPrimaryDatabase(db: Queryable): Promise<boolean> {
  const [{ primary }] = await rows<{ primary: boolean }>(db, 'SELECT NOT pg_is_in_recovery() AS primary');
  return primary;
}
