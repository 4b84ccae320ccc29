// Starts (or connects to) PostgreSQL once for the whole test run and builds a migrated template database
// that every test file clones. Uses the compiled server (npm test builds first).
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const TEMPLATE = 'strongroom_template';

module.exports = async function globalSetup() {
  const dist = join(__dirname, '..', 'server', 'dist');
  const { Client } = require('pg');
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const { startEmbeddedPostgres } = require(join(dist, 'db', 'embedded-postgres.js'));
    const dir = mkdtempSync(join(tmpdir(), 'strongroom-test-pg-'));
    const embedded = await startEmbeddedPostgres(dir);
    globalThis.__STRONGROOM_PG__ = embedded;
    adminUrl = embedded.url;
  }
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE}`;
  const { createDataSource, runMigrations } = require(join(dist, 'db', 'data-source.js'));
  const ds = createDataSource(url.toString());
  await ds.initialize();
  await runMigrations(ds);
  await ds.destroy();
  process.env.STRONGROOM_TEST_PG_URL = adminUrl;
  process.env.STRONGROOM_TEST_TEMPLATE = TEMPLATE;
};
