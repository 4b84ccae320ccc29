import { loadConfig } from '../config/config';
import { migrate, resolveDatabase } from '../boot';
import { appliedMigrationCount } from './migrate.queries';

// npm run db:migrate: applies pending migrations (embedded PostgreSQL when DATABASE_URL is unset).
async function run() {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabase(config, (m) => console.log(m));
  const ds = await migrate(url);
  console.log(`Migrations applied: ${await appliedMigrationCount(ds)}`);
  await ds.destroy();
  if (embedded) await embedded.stop();
}
run().catch((err) => {
  console.error(err);
  process.exit(1);
});
