import { screenshot, signIn } from './helpers/browser';
import { slowContext, watchCsp } from './helpers/csp';
import { signInStaff } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

// Both apps served by the API (the default): every page under the strict policy, no violation reported.
const CUSTOMER_PUBLIC = ['/', '/auth/terms', '/auth/register', '/auth/verify', '/forgot-password', '/reset-password', '/auth/login', '/no-such-page'];
const CUSTOMER_SIGNED_IN = ['/dashboard', '/transfers', '/transactions', '/profile', '/fees', '/deposit-cheque', '/crypto', '/cards', '/loans'];
const CONSOLE = [
  '#/',
  '#/customers',
  '#/transactions',
  '#/loans',
  '#/cards',
  '#/card-authorisations',
  '#/incoming-payments',
  '#/cheques',
  '#/crypto-requests',
  '#/outbox',
  '#/audit-log',
  '#/incoming-transfers',
  '#/card-payment',
];

// These journeys walk every page; on a machine shared with other work they may take minutes.
jest.setTimeout(300_000);

describe('Content-Security-Policy on every page of both apps', () => {
  const ctx = useServerAndBrowser();

  it('sends the strict policy and the other security headers with the apps and the API', async () => {
    const page = await fetch(`${ctx.server().baseUrl}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('strict-transport-security')).toBeNull(); // PUBLIC_URL is http here
    const api = await fetch(`${ctx.server().baseUrl}/v1/auth/check`);
    expect(api.headers.get('cache-control')).toBe('no-store');
  });

  it('reports no violation on any customer page', async () => {
    const context = await slowContext(ctx.browser(), ctx.server().baseUrl);
    const csp = watchCsp(context);
    const page = await context.newPage();
    for (const path of CUSTOMER_PUBLIC) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading').first().waitFor();
      await page.waitForLoadState('load');
    }
    await signIn(page, '1000000001', 'Demo@2026!');
    for (const path of CUSTOMER_SIGNED_IN) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading').first().waitFor();
      await page.waitForLoadState('load');
    }
    await screenshot(page, 'csp-customer-last-page');
    expect(csp.violations).toEqual([]);
    await context.close();
  });

  it('reports no violation on any console page', async () => {
    const context = await slowContext(ctx.browser(), ctx.server().baseUrl);
    const csp = watchCsp(context);
    const page = await context.newPage();
    await page.goto('/admin/', { waitUntil: 'domcontentloaded' });
    await signInStaff(page, ctx.server().dataDir);
    await page.getByRole('heading', { name: 'Waiting for a decision' }).waitFor();
    for (const hash of CONSOLE) {
      await page.goto(`/admin/${hash}`, { waitUntil: 'domcontentloaded' });
      await page.waitForLoadState('load');
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    // A record's page of each kind that shows images or money: a customer (passport) and a cheque (its images).
    for (const resource of ['customers', 'cheques', 'loans', 'cards', 'crypto-requests']) {
      await page.goto(`/admin/#/${resource}`, { waitUntil: 'domcontentloaded' });
      // The list of this resource, not the rows the previous page left for a moment.
      await page.waitForLoadState('networkidle');
      const rows = page.locator('tbody tr');
      if ((await rows.count()) === 0) continue;
      await rows.first().click();
      await page.waitForURL(/\/show$/);
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/admin/#/customers', { waitUntil: 'domcontentloaded' });
    await page.locator('tbody tr').first().click();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'csp-console-customer');
    await page.goto('/docs/', { waitUntil: 'domcontentloaded' });
    await page.getByText('Strongroom API').first().waitFor();
    expect(csp.violations).toEqual([]);
    await context.close();
  });
});
