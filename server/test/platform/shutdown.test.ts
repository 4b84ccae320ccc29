import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { serverEnv, spawnServer, waitReady } from '../../../tools/src/bench/server-process';
import { freePort } from '../../src/db/embedded-postgres';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { errorLines, stopWithSignInInFlight } from '../helpers/held-request';

/**
 * SIGTERM, as an orchestrator stops the server on DATABASE_URL: the request in flight is answered, and the process
 * ends by itself (exit 0), not by the 15 s guard (exit 1), which a container runtime's 10 s grace would beat with
 * SIGKILL. The job worker's connection once kept the pool from draining until that guard fired.
 * The embedded database's case is in ../db/embedded-postgres.test.ts.
 */
describe('stopping the server (DATABASE_URL)', () => {
  let db: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'strongroom-shutdown-'));
  });
  afterAll(async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the request in flight, then exits 0 with nothing logged as an error', async () => {
    const port = await freePort();
    const env = serverEnv({ databaseUrl: db.url, port, dataDir, sessionSecret: randomBytes(32).toString('hex'), encryptionKeyHex: randomBytes(32).toString('hex'), extra: { SEED_DEMO: '1' } });
    const child = spawnServer(env, [], 'pipe');
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    expect(await waitReady(`http://127.0.0.1:${port}`, 60_000)).toBe(true);
    // The worker has started by now (it starts at ready); the held sign-in is in flight when the signal comes.
    const { answer, exitCode } = await stopWithSignInInFlight(child, port);
    expect(answer).toEqual({ status: 200, body: expect.stringContaining('"message":"Signed in"') });
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, message: 'Signed in' });
    expect(exitCode).toBe(0);
    expect(output).toContain('SIGTERM: shutting down');
    expect(errorLines(output)).toEqual([]);
  }, 90_000);
});
