import { Client } from 'pg';
import { randomBytes } from 'node:crypto';

/** A fresh database cloned from the migrated template the global setup made. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
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
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}
