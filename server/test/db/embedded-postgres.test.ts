import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { serverEnv, spawnServer, waitReady } from '../../../tools/src/bench/server-process';
import { freePort } from '../../src/db/embedded-postgres';
import { errorLines, stopWithSignInInFlight } from '../helpers/held-request';

/** `npm start` as an operator runs it: no DATABASE_URL, so the server starts its own PostgreSQL under DATA_DIR. */
async function embeddedServer(dataDir: string) {
  const port = await freePort();
  const env = serverEnv({ databaseUrl: '', port, dataDir, sessionSecret: randomBytes(32).toString('hex'), encryptionKeyHex: randomBytes(32).toString('hex'), extra: { SEED_DEMO: '1' } });
  delete env.DATABASE_URL;
  const child = spawnServer(env, [], 'pipe');
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  return { child, port, base: `http://127.0.0.1:${port}`, stderr: () => stderr, stdout: () => stdout };
}

describe('the embedded PostgreSQL', () => {
  let dataDir: string;
  let first: Awaited<ReturnType<typeof embeddedServer>> | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'strongroom-embedded-'));
  });
  afterAll(async () => {
    if (first && first.child.exitCode === null) {
      first.child.kill('SIGTERM');
      await once(first.child, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says plainly that it is already running when a second server starts from the same folder', async () => {
    const running = await embeddedServer(dataDir);
    first = running;
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

  // The package stops PostgreSQL on the signal itself, at once: the held request lost its queries (no answer at all)
  // and the process exited 143 with the job worker's "terminating connection" errors. The server now stops it last.
  it('on SIGTERM answers the request in flight before it stops PostgreSQL, and exits 0', async () => {
    const running = first!;
    expect(await waitReady(running.base, 5_000)).toBe(true);
    const { answer, exitCode } = await stopWithSignInInFlight(running.child, running.port);
    expect(answer).toEqual({ status: 200, body: expect.stringContaining('"message":"Signed in"') });
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, message: 'Signed in' });
    expect(exitCode).toBe(0);
    expect(errorLines(running.stdout())).toEqual([]);
    // Stopped, not left behind: a new server starts on the same folder (it would say "already running").
    const again = await embeddedServer(dataDir);
    first = again;
    expect(await waitReady(again.base, 90_000)).toBe(true);
  }, 120_000);
});
