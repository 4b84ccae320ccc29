import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { FilesService } from '../modules/files';
import type { AppConfig } from '../config/config';
import { LedgerBatcher } from '../modules/ledger';
import { closeDataSource } from '../db/data-source';
import { ReadReplica, WAL_POSITION_COOKIE } from '../db/read-replica';

declare module 'fastify' {
  interface FastifyInstance {
    db: DataSource;
    config: AppConfig;
    files: FilesService;
    /** Books same-bank transfers in batches (group commit). */
    ledger: LedgerBatcher;
    /** Reads that tolerate a little staleness, on a replica that has the session's writes (DATABASE_READ_URL). */
    readReplica: ReadReplica;
  }
}

/** Decorates the app with its config, the TypeORM DataSource (initialised by the caller) and file storage. */
export default fp(async function dbPlugin(app: FastifyInstance, opts: { config: AppConfig; dataSource: DataSource; ownsDataSource: boolean }) {
  app.decorate('config', opts.config);
  app.decorate('db', opts.dataSource);
  app.decorate('files', new FilesService(opts.config.dataDir, opts.config.keys.dataEncryption));
  app.decorate('ledger', new LedgerBatcher(opts.dataSource, { minCycleMs: opts.config.ledgerBatchCycleMs }));
  const readReplica = await ReadReplica.connect(opts.dataSource, (opts.dataSource.options as { url?: string }).url, opts.config.databaseReadUrl, Math.max(2, Math.ceil(opts.config.dbPoolSize / 2)));
  app.decorate('readReplica', readReplica);
  if (readReplica.enabled) {
    app.addHook('onClose', () => readReplica.close());
    // Read-your-writes: once a session's write has committed, and before its answer leaves, the primary's position,
    // remembered here and sent to the client in a cookie for the other servers.
    app.addHook('onSend', async (request, reply, payload) => {
      const sessionId = request.customer?.sessionId ?? request.staff?.sessionId;
      if (sessionId && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        const position = await readReplica.noteWrite(sessionId);
        if (position) reply.setCookie(WAL_POSITION_COOKIE, position, { path: '/', httpOnly: true, sameSite: 'strict', secure: opts.config.secureCookies });
      }
      return payload;
    });
  }
  if (opts.ownsDataSource) {
    // The first onClose hook added, so the last to run (Fastify runs them last-added first): after the HTTP server
    // has closed and the job worker has stopped, it waits for requests still running to finish their queries.
    app.addHook('onClose', () => closeDataSource(opts.dataSource));
  }
});
