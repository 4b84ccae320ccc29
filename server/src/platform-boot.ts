import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import type { AppConfig } from './config/config';
import { createDataSource } from './db/data-source';
import { ensureAppRole } from './db/roles';
import { migrate } from './boot';

/**
 * Migrates as the owner (`ownerUrl`: DATABASE_URL or the embedded server's), then connects as the role the
 * server runs as: DATABASE_APP_URL when the operator made one, else `<database>_app`, created or brought up
 * to date here through the owner (db/roles.ts). The owner's connection is closed before the app starts.
 */
export async function migrateAndConnect(config: AppConfig, ownerUrl: string): Promise<DataSource> {
  const owner = await migrate(ownerUrl, 2);
  await owner.destroy();
  const appUrl = config.databaseAppUrl ?? (await ensureAppRole(ownerUrl, config.keys.databaseRolePassword)).url;
  const ds = createDataSource(appUrl, { poolSize: config.dbPoolSize });
  await ds.initialize();
  return ds;
}

/** Data stored before encryption at rest is sealed at start-up; returns lines to print. */
export async function sealLegacyData(app: FastifyInstance): Promise<string[]> {
  const sealed = await app.files.sealLegacyFiles(app.db.manager);
  return sealed > 0 ? [`Encrypted ${sealed} uploaded file(s) stored before encryption at rest`] : [];
}
