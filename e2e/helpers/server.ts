import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase } from '../../server/test/helpers/test-db';
import { freePort } from '../../server/src/db/embedded-postgres';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

const ROOT = resolve(__dirname, '..', '..');

/**
 * The real product: `node server/dist/main.js` (built by `npm test`) serving both front ends, on a fresh
 * database cloned from the test template, with demo data seeded like a first start.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'strongroom-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000; // a first start migrates, makes the role and seeds; slow on a busy machine
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok && output.includes('Strongroom is running')) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the staff passwords generated for this server's DATA_DIR. */
export function demoStaffPassword(dataDir: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(dataDir, 'secrets.json')).demoAdminPassword as string;
}
