import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { serverEnv, spawnServer, waitReady } from '../../src/bench/harness';
import { freePort } from '../../src/db/embedded-postgres';

/** `npm start` as an operator runs it: no DATABASE_URL, so the server starts its own PostgreSQL under DATA_DIR. */
async function embeddedServer(dataDir: string) {
  const port = await freePort();
  const env = serverEnv({ databaseUrl: '', port, dataDir, sessionSecret: randomBytes(32).toString('hex'), encryptionKeyHex: randomBytes(32).toString('hex') });
  delete env.DATABASE_URL;
  const child = spawnServer(env, [], 'pipe');
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  child.stdout!.resume();
  return { child, base: `http://127.0.0.1:${port}`, stderr: () => stderr };
}

describe('the embedded PostgreSQL', () => {
  let dataDir: string;
  let first: ChildProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'strongroom-embedded-'));
  });
  afterAll(async () => {
    if (first && first.exitCode === null) {
      first.kill('SIGTERM');
      await once(first, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says plainly that it is already running when a second server starts from the same folder', async () => {
    const running = await embeddedServer(dataDir);
    first = running.child;
    expect(await waitReady(running.base, 90_000)).toBe(true);
    const second = await embeddedServer(dataDir);
    const [code] = await once(second.child, 'exit');
    expect(code).toBe(1);
    // The package rejects a failed start with no reason at all; before, this printed a TypeError.
    expect(second.stderr()).toContain(
      `Strongroom failed to start: the embedded PostgreSQL under ${join(dataDir, 'pg')} is already running (another Strongroom started from this folder?). Stop that one, or give this one its own DATA_DIR.`,
    );
    // The first one is untouched.
    expect(await waitReady(running.base, 5_000)).toBe(true);
  }, 120_000);
});
