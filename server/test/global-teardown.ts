import type {} from './global-setup';

import { rmSync } from 'node:fs';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__STRONGROOM_TEST_DB__;
  if (!state) return;
  globalThis.__STRONGROOM_TEST_DB__ = undefined;
  if (state.dropTemplate) {
    const admin = new Client({ connectionString: state.adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${state.template} WITH (FORCE)`).catch(() => undefined);
    if (state.appRole) await admin.query(`DROP ROLE IF EXISTS ${state.appRole}`).catch(() => undefined);
    await admin.end();
  }
  if (state.embedded) await state.embedded.stop();
  if (state.embeddedDir) rmSync(state.embeddedDir, { recursive: true, force: true });
}
