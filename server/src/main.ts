import pino from 'pino';
import { loadConfig } from './config/config';
import { buildApp } from './app';
import { prepareData, resolveDatabase } from './boot';
import { migrateAndConnect, sealLegacyData } from './platform-boot';
import { startIdleCollector } from './common/idle-collector';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedDatabase } from './db/embedded-postgres';

async function main() {
  const config = loadConfig();
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  // PostgreSQL's own output is noise unless asked for (LOG_LEVEL=debug).
  const pgLogger = pino({ level: config.logLevel, base: { component: 'postgres' } });
  // What has started so far, for the shutdown.
  const started: { app?: FastifyInstance; embedded?: EmbeddedDatabase } = {};
  let closing = false;
  // Registered before the database starts: the embedded PostgreSQL leaves signals to this, and a signal during
  // start-up must still stop it. It is stopped last, once the requests in flight have had their queries.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      if (started.app) await started.app.close();
      if (started.embedded) await started.embedded.stop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A closed terminal: without this, Node's default would end the process before its requests and its database.
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  const { url, embedded } = await resolveDatabase(config, say, (line) => pgLogger.debug(line), { callerHandlesSignals: true });
  started.embedded = embedded;
  const dataSource = await migrateAndConnect(config, url);
  const app = await buildApp({ ...config, databaseUrl: url }, { dataSource, closeDataSource: true });
  started.app = app;

  try {
    const lines = [...(await sealLegacyData(app)), ...(await prepareData(app))];
    await app.listen({ port: config.port, host: config.host });
    const metricsPort = await app.listenMetrics();
    // Only the process that serves: the jest suites' in-process servers run without it (docs/performance.md#heap-headroom-and-idle-collection).
    if (config.idleCollect) startIdleCollector(app.server);
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const base = `http://localhost:${port}`;
    say(
      [
        '',
        'Strongroom is running',
        `  Customer app:    ${base}/`,
        `  Staff console:   ${base}/admin/`,
        `  API:             ${base}/v1`,
        ...(config.docsEnabled ? [`  API docs:        ${base}/docs`] : []),
        ...(metricsPort ? [`  Metrics:         http://localhost:${metricsPort}/metrics`] : []),
        `  Mail (no SMTP):  ${config.smtpUrl ? 'sent over SMTP' : `${config.dataDir}/mail/*.eml`}`,
        ...lines,
        '',
      ].join('\n'),
    );
  } catch (err) {
    app.log.error(err);
    await app.close();
    if (embedded) await embedded.stop();
    process.exit(1);
  }
}

main().catch((err) => {
  process.stderr.write(`Strongroom failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
