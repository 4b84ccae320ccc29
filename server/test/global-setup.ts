// One PostgreSQL for the whole jest run (server and e2e projects), and a migrated template database that
// every test file clones (CREATE DATABASE ... TEMPLATE). jest runs this file through the project's swc
// transform, so it migrates with the server's *source* migrations: no build needed, never a stale dist.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource, runMigrations } from '../src/db/data-source';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres';
import { ensureAppRole } from '../src/db/roles';

export const TEMPLATE_PREFIX = 'strongroom_template';

declare global {
  // Shared with global-teardown.ts (same process).
  var __STRONGROOM_TEST_DB__: { embedded?: EmbeddedDatabase; embeddedDir?: string; adminUrl: string; template: string; dropTemplate: boolean; appRole: string } | undefined;
}

export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let embeddedDir: string | undefined;
  if (!adminUrl) {
    embeddedDir = mkdtempSync(join(tmpdir(), 'strongroom-test-pg-'));
    embedded = await startEmbeddedPostgres(embeddedDir);
    adminUrl = embedded.url;
  }
  // Our own embedded server: the plain name. A shared server (DATABASE_URL) may serve several runs at
  // once (colleagues, CI jobs), so each run gets its own template and drops it at the end.
  const template = embedded ? TEMPLATE_PREFIX : `${TEMPLATE_PREFIX}_${randomBytes(4).toString('hex')}`;
  const appPassword = randomBytes(24).toString('base64url');
  let appRole: string;
  try {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const ds = createDataSource(url.toString(), { poolSize: 2 });
    await ds.initialize();
    try {
      await runMigrations(ds);
    } finally {
      await ds.destroy();
    }
    // The role the server runs as, granted on the template: every clone carries the grants, and createTestApp
    // connects the app as this role, so the suite runs with the server's real privileges.
    appRole = (await ensureAppRole(url.toString(), appPassword, { role: `${template}_app` })).role;
  } catch (err) {
    if (embedded) await embedded.stop();
    if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
    throw err;
  }
  globalThis.__STRONGROOM_TEST_DB__ = { embedded, embeddedDir, adminUrl, template, dropTemplate: !embedded, appRole };
  // Workers inherit the environment: test-db.ts clones from here.
  process.env.STRONGROOM_TEST_PG_URL = adminUrl;
  process.env.STRONGROOM_TEST_TEMPLATE = template;
  process.env.STRONGROOM_TEST_APP_ROLE = appRole;
  process.env.STRONGROOM_TEST_APP_PASSWORD = appPassword;
}
