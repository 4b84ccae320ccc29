import type { Page } from 'playwright-core';
import { newContext, screenshot } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { signInStaff } from './helpers/server';

// An admin changes the savings rates in the console with the shared form rules and sees the history; an auditor reads
// them without the form; the public landing page shows the rates in force and the change to come.
jest.setTimeout(300_000);
const PATIENCE_MS = 40_000;

describe('deposit products and their rates (console and landing page)', () => {
  const ctx = useServerAndBrowser();

  async function consolePage(role: 'admin' | 'auditor' = 'admin'): Promise<Page> {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    await page.goto('/admin/');
    await signInStaff(page, ctx.server().dataDir, role);
    await page.getByRole('menuitem', { name: 'Deposit products' }).waitFor();
    return page;
  }

  it('lets an admin change the savings rates from a later date, with the form rules, and shows old to new in the history', async () => {
    const page = await consolePage();
    await page.getByRole('menuitem', { name: 'Deposit products' }).click();
    await page.locator('tbody tr', { hasText: 'Savings account' }).getByText('1.50%, 2.25% from 10000.00').waitFor();
    await expectNoSeriousA11yViolations(page, 'console: deposit products');
    await page.locator('tbody tr', { hasText: 'Savings account' }).click();
    await page.getByRole('table', { name: 'Rates in force today' }).getByText('From 10000.00').waitFor();
    await page.getByRole('link', { name: 'Change rates' }).click();

    const secondFrom = page.getByLabel('From balance').nth(1);
    await secondFrom.fill('0.00');
    await page.getByRole('button', { name: 'Change rates' }).click();
    await page.getByText('Each tier must start above the one before it').waitFor();
    await secondFrom.fill('10000.00');
    await page.getByLabel('Rate % a year').first().fill('1.75');
    await page.getByLabel('Rate % a year').nth(1).fill('2.5');
    await page.getByLabel('Effective from').fill('2099-01-01');
    await page.getByRole('button', { name: 'Change rates' }).click();
    await page.getByText('Please give a reason for the change').waitFor();
    await page.getByLabel('Reason (kept in the history)').fill('Central bank rate up');
    await expectNoSeriousA11yViolations(page, 'console: change rates');
    await screenshot(page, 'admin-change-rates');
    await page.getByRole('button', { name: 'Change rates' }).click();

    const history = page.getByTestId('rate-history');
    await history.getByText('1.50%, 2.25% from 10000.00 → 1.75%, 2.50% from 10000.00').waitFor();
    await history.getByText('Central bank rate up').waitFor();
    await page.getByRole('table', { name: 'Scheduled changes' }).getByText('2099-01-01').waitFor();
    await screenshot(page, 'admin-product-rate-history');
    await page.context().close();
  });

  it('shows the auditor the rates and their history without the form', async () => {
    const page = await consolePage('auditor');
    await page.goto('/admin/#/products/savings/show');
    await page.getByTestId('rate-history').getByText('Central bank rate up').waitFor();
    expect(await page.getByRole('link', { name: 'Change rates' }).count()).toBe(0);
    await page.goto('/admin/#/products/savings');
    await page.getByText('Only admins can change rates.').waitFor();
    await page.context().close();
  });

  it('shows the public the rates in force and the change to come', async () => {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    const rates = page.getByTestId('product-rates');
    await rates.getByText('1.50% a year on balances up to 10,000').waitFor();
    await rates.getByText('From 2099-01-01: 1.75% a year on balances up to 10,000; 2.50% a year on the part of a balance above 10,000').waitFor();
    await rates.getByRole('row', { name: /12 months 4.00%/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'landing page with rates');
    await context.close();
  });
});
