import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { demoStaffPassword, startServer, type RunningServer } from './helpers/server';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('staff console', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs an admin in, approves a pending application and records it in the audit log', async () => {
    const email = `applicant.${Date.now()}@example.com`;
    const res = await fetch(`${server.baseUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Priya', lastName: 'Raman', dob: '1985-07-09', country: 'GB', state: 'England', city: 'London', zipcode: 'SW1A 1AA',
        phone: '+44 20 7946 0958', email, address: '10 Downing Street', occupation: 'Business / Sales', incomeRange: '$25,001 - $50,000',
        accountType: 'savings', currency: 'GBP', transactionPin: '9876', password: 'Priya!2026', image: PNG,
      }),
    });
    expect(res.status).toBe(201);

    const page = await (await newContext(browser, server.baseUrl)).newPage();
    await page.goto('/admin/');
    await page.getByText('Strongroom back office').first().waitFor();
    await screenshot(page, 'admin-login');
    await page.getByLabel('Username').fill('admin@strongroom.local');
    await page.locator('input[name=password]').fill(demoStaffPassword(server.dataDir));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Priya Raman').waitFor();
    await screenshot(page, 'admin-customers');
    const row = page.locator('tr', { hasText: 'Priya Raman' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Application approved').waitFor();
    await row.getByText('approved').waitFor();
    await page.goto('/admin/#/audit-log');
    await page.getByText('customer.approve').first().waitFor();
    await screenshot(page, 'admin-audit-log');
  });

  it('shows the auditor everything and no approve button', async () => {
    const page = await (await newContext(browser, server.baseUrl)).newPage();
    const secrets = require(`${server.dataDir}/secrets.json`) as { demoAuditorPassword: string };
    await page.goto('/admin/');
    await page.getByLabel('Username').fill('auditor@strongroom.local');
    await page.locator('input[name=password]').fill(secrets.demoAuditorPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Alex Rivera').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });
});
