import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort } from '../server/src/db/embedded-postgres';
import { launchBrowser, screenshot } from './helpers/browser';
import { slowContext, watchCsp } from './helpers/csp';
import { signInStaff, startServer, type RunningServer } from './helpers/server';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStaticServer } = require('../scripts/static-server.js') as {
  startStaticServer(opts: { dist: string; apiUrl: string; base?: string; port?: number }): Promise<{ url: string; close(): Promise<void> }>;
};

const ROOT = resolve(__dirname, '..');
// A real 1x1 PNG: the server checks the passport by its bytes.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * Each front end from its own origin (a tiny static server), the API on a third, the API allowing exactly those
 * two origins. The browser reaches all three as `localhost` ports: one site, so SameSite=Strict cookies travel
 * and the API's `Cross-Origin-Resource-Policy: same-site` lets the console show its images. (Chromium never
 * counts two IP-address origins as one site, so 127.0.0.1 ports would not do; across different sites an
 * operator needs more: docs/operations/configuration.md#front-ends-on-origins-of-their-own.)
 */
// These journeys walk every page; on a machine shared with other work they may take minutes.
jest.setTimeout(300_000);

describe('front ends on origins of their own', () => {
  let server: RunningServer;
  let browser: Browser;
  let customer: { url: string; close(): Promise<void> };
  let console_: { url: string; close(): Promise<void> };
  /** The API as the browser reaches it (Node's own calls use server.baseUrl). */
  let api: string;

  beforeAll(async () => {
    const [customerPort, consolePort] = [await freePort(), await freePort()];
    const customerOrigin = `http://localhost:${customerPort}`;
    const consoleOrigin = `http://localhost:${consolePort}`;
    [server, browser] = await Promise.all([startServer({ CUSTOMER_ORIGIN: customerOrigin, CONSOLE_ORIGIN: consoleOrigin }), launchBrowser()]);
    api = server.baseUrl.replace('127.0.0.1', 'localhost');
    customer = { ...(await startStaticServer({ dist: join(ROOT, 'customer-web', 'dist'), apiUrl: api, port: customerPort })), url: customerOrigin };
    console_ = { ...(await startStaticServer({ dist: join(ROOT, 'admin-console', 'dist'), apiUrl: api, base: '/admin/', port: consolePort })), url: consoleOrigin };
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
    expect(apiCalls.every((u) => u.startsWith(`${api}/v1/`))).toBe(true);
    // A signed-in write crosses origins too (CSRF token from the answers, cookie sent with credentials).
    const logout = await page.evaluate(async (api) => {
      const res = await fetch(`${api}/v1/auth/logout`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' });
      return res.status;
    }, api);
    expect(logout).toBe(403); // without the CSRF header a cross-origin write is refused
    expect(csp.violations).toEqual([]);
    await context.close();
  });

  it('lets staff sign in to the console from its own origin and see a passport served by the API', async () => {
    // An applicant with a passport photograph (sealed at rest, served by the API to staff, audited).
    const applicant = await fetch(`${server.baseUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ines',
        lastName: 'Origin',
        dob: '1988-03-14',
        country: 'US',
        state: 'New York',
        city: 'Brooklyn',
        zipcode: '11201',
        phone: '+1 (718) 555-0177',
        email: `ines.${Date.now()}@example.com`,
        address: '1 Front Street',
        occupation: 'Business / Sales',
        incomeRange: '$25,001 - $50,000',
        accountType: 'checking',
        currency: 'USD',
        transactionPin: '9876',
        password: 'Ines!Origin2026',
        image: PNG,
        proofOfAddress: PNG,
      }),
    });
    expect(applicant.status).toBe(201);
    const context = await slowContext(browser, console_.url);
    const csp = watchCsp(context);
    const page = await context.newPage();
    await page.goto('/admin/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Strongroom back office' }).waitFor();
    await signInStaff(page, server.dataDir);
    await page.getByRole('heading', { name: 'Waiting for a decision' }).waitFor();
    await page.goto('/admin/#/customers', { waitUntil: 'domcontentloaded' });
    const row = page.locator('tbody tr').filter({ hasText: 'Origin' }).first();
    await row.waitFor();
    await row.click();
    const passport = page.getByRole('img', { name: 'Passport photograph' });
    await passport.waitFor();
    await page.waitForFunction(() => (document.querySelector('img[alt="Passport photograph"]') as HTMLImageElement | null)?.complete === true);
    // Loaded from the API's origin with the staff cookie (path /v1) and decrypted: a real image.
    expect(await passport.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await passport.evaluate((img: HTMLImageElement) => img.src)).toMatch(new RegExp(`^${api}/v1/files/`));
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
