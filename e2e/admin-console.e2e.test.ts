import { newContext, screenshot } from './helpers/browser';
import { demoStaffPassword } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('staff console', () => {
  const ctx = useServerAndBrowser();

  it('signs an admin in, approves a pending application and records it in the audit log', async () => {
    const email = `applicant.${Date.now()}@example.com`;
    const res = await fetch(`${ctx.server().baseUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Priya', lastName: 'Raman', dob: '1985-07-09', country: 'GB', state: 'England', city: 'London', zipcode: 'SW1A 1AA',
        phone: '+44 20 7946 0958', email, address: '10 Downing Street', occupation: 'Business / Sales', incomeRange: '$25,001 - $50,000',
        accountType: 'savings', currency: 'GBP', transactionPin: '9876', password: 'Priya!2026', image: PNG,
      }),
    });
    expect(res.status).toBe(201);

    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/admin/');
    await page.getByText('Strongroom back office').first().waitFor();
    await screenshot(page, 'admin-login');
    await page.getByLabel('Username').fill('admin@strongroom.local');
    await page.locator('input[name=password]').fill(demoStaffPassword(ctx.server().dataDir));
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
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    const secrets = require(`${ctx.server().dataDir}/secrets.json`) as { demoAuditorPassword: string };
    await page.goto('/admin/');
    await page.getByLabel('Username').fill('auditor@strongroom.local');
    await page.locator('input[name=password]').fill(secrets.demoAuditorPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Alex Rivera').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });
});
