import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { serverEnv, spawnServer, waitReady } from '../../../tools/src/bench/server-process';
import { freePort } from '../../src/db/embedded-postgres';
import { DATA_DIR_LOCK_FILE } from '../../src/db/data-dir-lock';
import { DEMO_CUSTOMER } from '../../src/seed/seed';

/** `npm start` with no DATABASE_URL: the server runs its own PostgreSQL under DATA_DIR/pg. */
async function embeddedServer(dataDir: string, secrets: { session: string; key: string }) {
  const port = await freePort();
  const env = serverEnv({ databaseUrl: '', port, dataDir, sessionSecret: secrets.session, encryptionKeyHex: secrets.key, extra: { SEED_DEMO: '1' } });
  delete env.DATABASE_URL;
  const child = spawnServer(env, [], 'pipe');
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const postmasterPid = (dataDir: string) => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function customerSignsIn(base: string): Promise<number> {
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountNumber: DEMO_CUSTOMER.accountNumber, password: DEMO_CUSTOMER.password }),
  });
  return res.status;
}

describe('starting again after the server was killed outright', () => {
  let dataDir: string;
  const secrets = { session: randomBytes(32).toString('hex'), key: randomBytes(32).toString('hex') };
  const children: ChildProcess[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'strongroom-crash-'));
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the PostgreSQL the killed server left behind and serves again, while a second live server is still refused', async () => {
    const first = await embeddedServer(dataDir, secrets);
    children.push(first.child);
    expect(await waitReady(first.base, 90_000)).toBe(true);
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(true);
    const orphan = postmasterPid(dataDir);

    // As the kernel's out-of-memory killer ends it: no handler runs, and its PostgreSQL stays up.
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(alive(orphan)).toBe(true);

    const second = await embeddedServer(dataDir, secrets);
    children.push(second.child);
    expect(await waitReady(second.base, 90_000)).toBe(true);
    expect(second.output()).toContain(`stopped the PostgreSQL (pid ${orphan}) that an ended process left running on ${join(dataDir, 'pg')}`);
    expect(alive(orphan)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(orphan);
    // The data made before the kill is there: the demo customer signs in.
    expect(await customerSignsIn(second.base)).toBe(200);

    // A server that is alive keeps its database: a third start on the folder is refused and leaves it alone.
    const third = await embeddedServer(dataDir, secrets);
    children.push(third.child);
    const [code] = await once(third.child, 'exit');
    expect(code).toBe(1);
    expect(third.output()).toContain(`is already running (another Strongroom started from this folder?)`);
    expect(third.output()).toContain(`process ${second.child.pid} holds ${dataDir}`);
    expect(await waitReady(second.base, 5_000)).toBe(true);
    expect(await customerSignsIn(second.base)).toBe(200);
  }, 240_000);
});
