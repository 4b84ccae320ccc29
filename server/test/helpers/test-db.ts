import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { appRoleName } from '../../src/db/roles';

export interface TestDatabase {
  /** As the owner (the superuser that migrated the template). */
  url: string;
  /** As the role the server runs as (granted on the template, so on every clone). */
  appUrl: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template the global setup made. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.STRONGROOM_TEST_PG_URL;
  const template = process.env.STRONGROOM_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error('The jest global setup did not run (STRONGROOM_TEST_PG_URL is unset)');
  const name = `sr_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // CREATE DATABASE ... TEMPLATE fails if another session is copying the template at the same moment.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        if (attempt > 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const appUrl = new URL(url);
  appUrl.username = process.env.STRONGROOM_TEST_APP_ROLE ?? '';
  appUrl.password = process.env.STRONGROOM_TEST_APP_PASSWORD ?? '';
  return {
    url: url.toString(),
    appUrl: appUrl.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      // A server started on this database (e2e) made its own role for it.
      await c.query(`DROP ROLE IF EXISTS ${appRoleName(name)}`).catch(() => undefined);
      await c.end();
    },
  };
}
