import { loadConfig } from '../config/config';
import { buildApp } from '../app';
import { prepareData, resolveDatabase } from '../boot';
import { migrateAndConnect } from '../platform-boot';

// npm run seed: idempotent demo data (also run automatically on every embedded start).
async function run() {
  const config = { ...loadConfig(), seedDemo: true, serveStatic: false };
  const { url, embedded } = await resolveDatabase(config, (m) => console.log(m));
  const ds = await migrateAndConnect(config, url);
  const app = await buildApp({ ...config, databaseUrl: url }, { dataSource: ds, logger: false });
  const lines = await prepareData(app);
  console.log(lines.join('\n'));
  await app.close();
  await ds.destroy();
  if (embedded) await embedded.stop();
}
run().catch((err) => {
  console.error(err);
  process.exit(1);
});
