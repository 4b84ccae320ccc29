// npm run audit:security: starts the real server (embedded PostgreSQL, demo data) in a scratch DATA_DIR and
// prints a table of security checks, pass or fail. Not part of npm test (it needs minutes and a whole server);
// every promise it checks also has an API or browser test (docs/security.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@strongroom/server/db/embedded-postgres';
import { Client } from './http';
import { checkCookies, checkEnumerationTiming, checkHeaders, checkOutboxRedaction, checkPinRace, type AuditContext, type CheckResult } from './checks';
import { apiRoutes, checkBola, checkRoleMatrix } from './route-checks';

const ROOT = resolve(__dirname, '..', '..', '..');

async function startServer(dataDir: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (!output.includes('Strongroom is running')) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    },
  };
}

function printTable(results: CheckResult[]) {
  const width = Math.max(...results.map((r) => r.name.length));
  console.log(`\n${'Check'.padEnd(width)}  Result  Detail`);
  console.log(`${'-'.repeat(width)}  ------  ${'-'.repeat(40)}`);
  for (const r of results) console.log(`${r.name.padEnd(width)}  ${r.pass ? 'PASS  ' : 'FAIL  '}  ${r.detail}`);
  const failed = results.filter((r) => !r.pass).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'strongroom-audit-'));
  console.log('Starting the server (embedded PostgreSQL, demo data)...');
  const server = await startServer(dataDir);
  const results: CheckResult[] = [];
  try {
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
      demoAdminPassword: string;
      demoAuditorPassword: string;
      demoAdminTotpSecret: string;
      demoAuditorTotpSecret: string;
    };
    const ctx: AuditContext = {
      client: new Client(server.baseUrl, { 'admin@strongroom.local': secrets.demoAdminTotpSecret, 'auditor@strongroom.local': secrets.demoAuditorTotpSecret }),
      customerA: { accountNumber: '1000000001', password: 'Demo@2026!', pin: '1234' },
      customerB: { accountNumber: '1000000002', password: 'Payee@2026!', pin: '4321' },
      admin: { email: 'admin@strongroom.local', password: secrets.demoAdminPassword },
      auditor: { email: 'auditor@strongroom.local', password: secrets.demoAuditorPassword },
    };
    const routes = await apiRoutes(ctx.client);
    const checks: [string, () => Promise<CheckResult>][] = [
      ['Security headers', () => checkHeaders(ctx)],
      ['Cookie flags', () => checkCookies(ctx)],
      ['Outbox redaction', () => checkOutboxRedaction(ctx)],
      ["BOLA: customer B on A's ids", () => checkBola(ctx, routes)],
      ['Role matrix on staff routes', () => checkRoleMatrix(ctx, routes)],
      ['Login enumeration timing', () => checkEnumerationTiming(ctx)],
      // Last: it locks customer B's payments.
      ['PIN race (60 concurrent wrong PINs)', () => checkPinRace(ctx)],
    ];
    for (const [name, run] of checks) {
      process.stdout.write(`  ${name}...\n`);
      results.push(await run().catch((err: Error) => ({ name, pass: false, detail: `error: ${err.message}` })));
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(results);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
}

main().catch((err) => {
  console.error(`audit:security failed: ${(err as Error).message}`);
  process.exit(2);
});
