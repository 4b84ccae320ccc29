import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort } from '../server/src/db/embedded-postgres';
import { launchBrowser, screenshot } from './helpers/browser';
import { slowContext, watchCsp } from './helpers/csp';
import { demoStaffPassword, startServer, type RunningServer } from './helpers/server';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStaticServer } = require('../scripts/static-server.js') as {
  startStaticServer(opts: { dist: string; apiUrl: string; base?: string; port?: number }): Promise<{ url: string; close(): Promise<void> }>;
};

const ROOT = resolve(__dirname, '..');

/**
 * Each front end from its own loopback origin (a tiny static server), the API on a third, the API allowing
 * exactly those two origins. Loopback ports are one site, so SameSite=Strict cookies still travel; across
 * different sites an operator needs more (README, Security).
 */
// These journeys walk every page; on a machine shared with other work they may take minutes.
jest.setTimeout(300_000);

describe('front ends on origins of their own', () => {
  let server: RunningServer;
  let browser: Browser;
  let customer: { url: string; close(): Promise<void> };
  let console_: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const [customerPort, consolePort] = [await freePort(), await freePort()];
    const customerOrigin = `http://127.0.0.1:${customerPort}`;
    const consoleOrigin = `http://127.0.0.1:${consolePort}`;
    [server, browser] = await Promise.all([startServer({ CUSTOMER_ORIGIN: customerOrigin, CONSOLE_ORIGIN: consoleOrigin }), launchBrowser()]);
    customer = await startStaticServer({ dist: join(ROOT, 'customer-web', 'dist'), apiUrl: server.baseUrl, port: customerPort });
    console_ = await startStaticServer({ dist: join(ROOT, 'admin-console', 'dist'), apiUrl: server.baseUrl, base: '/admin/', port: consolePort });
  });
  afterAll(async () => {
    await browser?.close();
    await customer?.close();
    await console_?.close();
    await server?.stop();
  });

  it('lets a customer sign in and use the app from its own origin, with no CSP violation', async () => {
    const context = await slowContext(browser, customer.url);
    const csp = watchCsp(context);
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/v1/') && apiCalls.push(r.url()));
    await page.goto('/auth/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Account Number').fill('1000000001');
    await page.getByLabel('Password', { exact: true }).fill('Demo@2026!');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('greeting').waitFor();
    await page.goto('/transactions', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Transactions' }).first().waitFor();
    await page.goto('/profile', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('load');
    await screenshot(page, 'separate-origins-customer');
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((u) => u.startsWith(`${server.baseUrl}/v1/`))).toBe(true);
    // A signed-in write crosses origins too (CSRF token from the answers, cookie sent with credentials).
    const logout = await page.evaluate(async (api) => {
      const res = await fetch(`${api}/v1/auth/logout`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' });
      return res.status;
    }, server.baseUrl);
    expect(logout).toBe(403); // without the CSRF header a cross-origin write is refused
    expect(csp.violations).toEqual([]);
    await context.close();
  });

  it('lets staff sign in to the console from its own origin and see a passport served by the API', async () => {
    const context = await slowContext(browser, console_.url);
    const csp = watchCsp(context);
    const page = await context.newPage();
    await page.goto('/admin/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Strongroom back office' }).waitFor();
    await page.getByLabel('E-mail').fill('admin@strongroom.local');
    await page.getByLabel('Password', { exact: true }).fill(demoStaffPassword(server.dataDir));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    await row.click();
    const passport = page.getByRole('img', { name: 'Passport photograph' });
    const hasPassport = await passport.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    );
    if (hasPassport) {
      await page.waitForFunction(() => (document.querySelector('img[alt="Passport photograph"]') as HTMLImageElement | null)?.complete === true);
      expect(await passport.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await screenshot(page, 'separate-origins-console');
    expect(csp.violations).toEqual([]);
    await context.close();
  });

  it('answers CORS only for the two configured origins', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.baseUrl}/v1/auth/login`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-csrf-token' } });
    for (const origin of [customer.url, console_.url]) {
      const res = await preflight(origin);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    }
    const other = await preflight('http://127.0.0.1:1');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
