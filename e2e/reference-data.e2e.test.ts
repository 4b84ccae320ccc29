import type { Page } from 'playwright-core';
import { choose, newContext, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { signInStaff } from './helpers/server';

// An admin changes an FX rate and a crypto option in the console and sees the history; the customer's next quote
// uses the new rate; an auditor reads everything without an edit button; an admin lifts a customer's Freeze everything.
jest.setTimeout(300_000);
const PATIENCE_MS = 40_000;

describe('staff-maintained FX rates and crypto options, and staff unfreeze (console)', () => {
  const ctx = useServerAndBrowser();

  async function consolePage(role: 'admin' | 'auditor' = 'admin'): Promise<Page> {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    await page.goto('/admin/');
    await signInStaff(page, ctx.server().dataDir, role);
    await page.getByRole('menuitem', { name: 'FX rates' }).waitFor();
    return page;
  }

  async function customerPage(): Promise<Page> {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    await signIn(page, '1000000001', 'Demo@2026!');
    return page;
  }

  it('lets an admin change an FX rate, with the form rules, and shows the history', async () => {
    const page = await consolePage();
    await page.getByRole('menuitem', { name: 'FX rates' }).click();
    await page.locator('tbody tr', { hasText: '1 EUR = 1.0870 USD' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'console: FX rates list');
    await screenshot(page, 'admin-fx-rates-list');
    await page.locator('tbody tr', { hasText: '1 EUR = 1.0870 USD' }).click();
    await page.getByText('Not changed since it was set up.').waitFor();
    await page.getByRole('link', { name: 'Edit' }).click();
    const rate = page.getByLabel('Rate', { exact: true });
    await rate.fill('0');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await page.getByText('Rate must be greater than 0').waitFor();
    await rate.fill('1.123456789');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await page.getByText('Rate must be a number with at most 8 decimals').waitFor();
    await expectNoSeriousA11yViolations(page, 'console: FX rate edit with errors');
    await screenshot(page, 'admin-fx-rate-edit-errors');
    await rate.fill('1.0950');
    await page.getByLabel('Reason (optional, kept in the history)').fill('Morning fixing');
    await page.getByRole('button', { name: 'Save rate' }).click();
    const history = page.getByTestId('reference-history');
    await history.getByText('Rate: 1.08695652 → 1.095').waitFor();
    await history.getByText('Morning fixing').waitFor();
    await history.getByText('admin@strongroom.local').waitFor();
    await page.getByText('1 EUR = 1.0950 USD').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'console: FX rate show with history');
    await screenshot(page, 'admin-fx-rate-history');
    await page.context().close();
  });

  it("quotes the customer's next international payment at the new rate", async () => {
    const page = await customerPage();
    await page.goto('/transfers?tab=international');
    await page.getByLabel('Amount').fill('100.00');
    await choose(page, 'Currency', /EUR/);
    const quote = page.getByTestId('quote');
    await quote.getByText('1 EUR = 1.0950 USD').waitFor();
    await quote.getByText('$109.50').waitFor();
    await screenshot(page, 'transfer-quote-new-rate');
    await page.context().close();
  });

  it('lets an admin stop offering a crypto asset and change its price, with the history kept', async () => {
    const page = await consolePage();
    await page.getByRole('menuitem', { name: 'Crypto options' }).click();
    await page.locator('tbody tr', { hasText: 'Bitcoin' }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    const price = page.getByLabel('Reference price (USD)');
    await price.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Price must be at least $0.01').waitFor();
    await price.fill('66000.00');
    await page.getByLabel('Offered to customers').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    const history = page.getByTestId('reference-history');
    await history.getByText('Reference price (USD): 64250.00 → 66000.00').waitFor();
    await history.getByText('Offered: Yes → No').waitFor();
    await expectNoSeriousA11yViolations(page, 'console: crypto option with history');
    await screenshot(page, 'admin-crypto-option-history');
    await page.context().close();
  });

  it('shows the auditor rates, options and their history without any edit button', async () => {
    const page = await consolePage('auditor');
    await page.goto('/admin/#/fx-rates/EUR-USD/show');
    await page.getByTestId('reference-history').getByText('Morning fixing').waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'console: FX rate show, auditor');
    await screenshot(page, 'admin-fx-rate-auditor');
    await page.goto('/admin/#/crypto-options/BTC/show');
    await page.getByTestId('reference-history').getByText('Offered: Yes → No').waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await page.goto('/admin/#/fx-rates/EUR-USD');
    await page.getByText('Only admins can change reference data.').waitFor();
    expect(await page.getByRole('button', { name: 'Save rate' }).count()).toBe(0);
    await page.context().close();
  });

  it("lets an admin lift a customer's Freeze everything from the customer page", async () => {
    const customer = await customerPage();
    await customer.goto('/cards');
    await customer.getByRole('button', { name: 'Freeze everything' }).click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Freeze everything' }).click();
    await customer.getByTestId('banner-frozen').waitFor();

    const auditor = await consolePage('auditor');
    await auditor.goto('/admin/#/customers');
    await auditor.getByLabel('Search name, e-mail or account').fill('1000000001');
    // The filter applies after a pause: a click before that would be undone by it.
    await auditor.waitForURL(/filter=.*1000000001/);
    await auditor.getByText('1-1 of 1').waitFor();
    await auditor.locator('tbody tr', { hasText: '1000000001' }).click();
    await auditor.getByTestId('customer-frozen').waitFor();
    expect(await auditor.getByRole('button', { name: 'Unfreeze' }).count()).toBe(0);
    await auditor.context().close();

    const page = await consolePage();
    await page.goto('/admin/#/customers');
    await page.getByLabel('Search name, e-mail or account').fill('1000000001');
    // The filter applies after a pause: a click before that would be undone by it.
    await page.waitForURL(/filter=.*1000000001/);
    await page.getByText('1-1 of 1').waitFor();
    await page.locator('tbody tr', { hasText: '1000000001' }).click();
    const notice = page.getByTestId('customer-frozen');
    await notice.getByText(/Freeze everything is on since/).waitFor();
    await expectNoSeriousA11yViolations(page, 'console: customer frozen');
    await screenshot(page, 'admin-customer-frozen');
    await notice.getByRole('button', { name: 'Unfreeze' }).click();
    await page.getByRole('dialog').getByLabel('Reason (kept in the audit log)').fill('Identity confirmed by phone');
    await expectNoSeriousA11yViolations(page, 'console: unfreeze dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Unfreeze account' }).click();
    await page.getByText('Your account is unfrozen').waitFor();
    await notice.waitFor({ state: 'detached' });
    await page.context().close();

    await customer.reload();
    await customer.getByRole('heading', { level: 1, name: 'Cards' }).waitFor();
    await customer.getByTestId('banner-frozen').waitFor({ state: 'detached' });
    await customer.context().close();
  });
});
