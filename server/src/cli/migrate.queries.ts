import { rows, type Queryable } from '../common/sql';

/** How many migrations the database has applied (as PostgreSQL counts it, a bigint in text). */
export async function appliedMigrationCount(db: Queryable): Promise<string> {
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM migrations`);
  return count;
}
