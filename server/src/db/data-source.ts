import 'reflect-metadata';
import { DataSource } from 'typeorm';
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

export async function runMigrations(ds: DataSource): Promise<void> {
  await ds.runMigrations({ transaction: 'each' });
}
