import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase } from '../../server/test/helpers/test-db';
import { freePort } from '../../server/src/db/embedded-postgres';
import { freshOtp } from '../../server/test/helpers/totp';
import type { Page } from 'playwright-core';

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
export interface ServerOptions {
  /**
   * The host name the browser uses (default 127.0.0.1). Passkeys need a domain: WebAuthn refuses an IP
   * address as the relying party, so the passkey journey runs at localhost.
   */
  publicHost?: string;
}

export async function startServer(env: Record<string, string> = {}, opts: ServerOptions = {}): Promise<RunningServer> {
  const publicHost = opts.publicHost ?? '127.0.0.1';
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'strongroom-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', LOG_LEVEL: 'warn', PUBLIC_URL: `http://${publicHost}:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://${publicHost}:${port}`;
  const deadline = Date.now() + 60_000;
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

export interface DemoStaff {
  email: string;
  password: string;
  totpSecret: string;
}

/** The demo staff member's password and TOTP secret, generated for this server's DATA_DIR. */
export function demoStaff(dataDir: string, role: 'admin' | 'auditor' = 'admin'): DemoStaff {
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
  return role === 'admin'
    ? { email: 'admin@strongroom.local', password: secrets.demoAdminPassword, totpSecret: secrets.demoAdminTotpSecret }
    : { email: 'auditor@strongroom.local', password: secrets.demoAuditorPassword, totpSecret: secrets.demoAuditorTotpSecret };
}

/** A bearer token for a demo staff member (password and a fresh authenticator code), for API calls beside the browser. */
export async function staffBearerToken(baseUrl: string, dataDir: string, role: 'admin' | 'auditor' = 'admin'): Promise<string> {
  const member = demoStaff(dataDir, role);
  const res = await fetch(`${baseUrl}/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-mode': 'bearer' },
    body: JSON.stringify({ email: member.email, password: member.password, otp: await freshOtp(member.totpSecret) }),
  });
  const body = (await res.json()) as { token?: string; error?: string };
  if (!body.token) throw new Error(`staff sign-in failed: ${res.status} ${body.error}`);
  return body.token;
}

/** Signs a demo staff member in on the console's sign-in page: password, then a fresh authenticator code. */
export async function signInStaff(page: Page, dataDir: string, role: 'admin' | 'auditor' = 'admin'): Promise<void> {
  const member = demoStaff(dataDir, role);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authenticator code').fill(await freshOtp(member.totpSecret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}
