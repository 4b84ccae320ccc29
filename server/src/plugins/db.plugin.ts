import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { FilesService } from '../modules/files';
import type { AppConfig } from '../config/config';
import { LedgerBatcher } from '../modules/ledger';
import { closeDataSource } from '../db/data-source';

declare module 'fastify' {
  interface FastifyInstance {
    db: DataSource;
    config: AppConfig;
    files: FilesService;
    /** Books same-bank transfers in batches (group commit). */
    ledger: LedgerBatcher;
  }
}

/** Decorates the app with its config, the TypeORM DataSource (initialised by the caller) and file storage. */
export default fp(async function dbPlugin(app: FastifyInstance, opts: { config: AppConfig; dataSource: DataSource; ownsDataSource: boolean }) {
  app.decorate('config', opts.config);
  app.decorate('db', opts.dataSource);
  app.decorate('files', new FilesService(opts.config.dataDir, opts.config.keys.dataEncryption));
  app.decorate('ledger', new LedgerBatcher(opts.dataSource, { minCycleMs: opts.config.ledgerBatchCycleMs }));
  if (opts.ownsDataSource) {
    // The first onClose hook added, so the last to run (Fastify runs them last-added first): after the HTTP server
    // has closed and the job worker has stopped, it waits for requests still running to finish their queries.
    app.addHook('onClose', () => closeDataSource(opts.dataSource));
  }
});
