import pino from 'pino';
import { loadConfig } from './config/config';
import { buildApp } from './app';
import { prepareData, resolveDatabase } from './boot';
import { migrateAndConnect, sealLegacyData } from './platform-boot';
import { closeDataSource } from './db/data-source';

async function main() {
  const config = loadConfig();
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  // PostgreSQL's own output is noise unless asked for (LOG_LEVEL=debug).
  const pgLogger = pino({ level: config.logLevel, base: { component: 'postgres' } });
  const { url, embedded } = await resolveDatabase(config, say, (line) => pgLogger.debug(line));
  const dataSource = await migrateAndConnect(config, url);
  const app = await buildApp({ ...config, databaseUrl: url }, { dataSource });
  // Runs after the HTTP server has closed (onClose hooks run last-registered first; Fastify registers the
  // server's at ready), then waits for requests still running to finish their queries.
  app.addHook('onClose', () => closeDataSource(dataSource));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      if (embedded) await embedded.stop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const lines = [...(await sealLegacyData(app)), ...(await prepareData(app))];
    await app.listen({ port: config.port, host: config.host });
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
