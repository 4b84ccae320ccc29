import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { createDataSource } from '../db/data-source';

// Prints the API's OpenAPI document (what /docs/json serves) as JSON, without a database: the routes and their
// declared schemas are all it needs. npm run api:generate types the front ends' client from it.
async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'strongroom-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://127.0.0.1:1/unused',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      JOBS_WORKER: '0',
      SERVE_STATIC: '0',
    } as NodeJS.ProcessEnv);
    const app = await buildApp(config, { dataSource: createDataSource(config.databaseUrl!), logger: false, connect: false });
    await app.ready();
    // Written in full before the process exits (a pipe's writes are asynchronous).
    await new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`, () => resolve()));
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
run().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
