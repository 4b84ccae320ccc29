import 'reflect-metadata';
import { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export function createDataSource(url: string, opts: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: opts.poolSize ?? 20, connectionTimeoutMillis: 10_000 },
  });
}

/** Our schema, then the job queue's own (graphile-worker keeps its tables in the graphile_worker schema). */
export async function runMigrations(ds: DataSource): Promise<void> {
  await ds.runMigrations({ transaction: 'each' });
  const pgPool = (ds.driver as unknown as { master: Pool }).master;
  await runJobQueueMigrations({ pgPool, logger: new Logger(() => () => undefined), noHandleSignals: true });
}
