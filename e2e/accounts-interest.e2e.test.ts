import type { Page } from 'playwright-core';
import { newContext, screenshot, signIn } from './helpers/browser';
import { signInStaff } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';

jest.setTimeout(300_000);

// The seeded demo customer (server/src/seed/demo-savings.ts): a savings account opened three months ago whose
// interest the end of day accrued every day and paid on each 1st since.
const DEMO = { accountNumber: '1000000001', password: 'Demo@2026!' };
const SAVINGS = 'Rainy day savings';

const accountRow = (p: Page, name: string) => p.getByTestId('account-row').filter({ hasText: name });

describe('accounts: what a savings account earns', () => {
  const ctx = useServerAndBrowser();
  /** The demo savings account's number, as the customer's page shows it. */
  let savingsNumber = '';

  it("shows the savings account's rates, the interest this month so far and this year, and how interest works", async () => {
    const p = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/accounts');
    await accountRow(p, SAVINGS).click();
    savingsNumber = (await p.getByTestId('account-number').textContent())!;
    const section = p.getByTestId('account-interest');
    await section.getByRole('heading', { name: 'Interest' }).waitFor();

    // The tiers the bank opened with, and the one the balance (over 10,000.00 since the top-up) reaches.
    await section.getByTestId('interest-rates').getByText('1.50% a year on the balance up to $9,999.99').waitFor();
    await section.getByTestId('interest-rates').getByText('2.25% a year on the part of the balance from $10,000.00').waitFor();
    await section.getByTestId('interest-current-rate').getByText('2.25% a year').waitFor();

    // The figures are the API's, shown as money.
    const id = new URL(p.url()).pathname.split('/').pop()!;
    const interest = await p.evaluate(async (accountId) => (await (await fetch(`/v1/accounts/${accountId}/interest`, { credentials: 'include' })).json()).interest, id);
    const dollars = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(Number(interest.paidThisYear)).toBeGreaterThan(0);
    expect(interest.lastPayments.length).toBeGreaterThanOrEqual(3);
    await section.getByTestId('interest-accrued').getByText('Interest this month so far').waitFor();
    await section.getByTestId('interest-accrued').getByText(dollars(interest.accrued), { exact: true }).waitFor();
    await section.getByTestId('interest-paid-year').getByText('Interest paid this year').waitFor();
    await section.getByTestId('interest-paid-year').getByText(dollars(interest.paidThisYear), { exact: true }).waitFor();
    await section
      .getByTestId('interest-how')
      .getByText(/end of the day.*paid into this account on the 1st of each month/)
      .waitFor();
    await screenshot(p, 'account-interest');
    await expectNoSeriousA11yViolations(p, 'account details: interest');

    // A current account earns none, and says nothing about interest.
    await p.goto('/accounts');
    await accountRow(p, 'Primary').click();
    await p.getByTestId('account-number').waitFor();
    expect(await p.getByTestId('account-interest').count()).toBe(0);
  });

  it("shows staff the account's interest on its console page: the rate, what has accrued and through when, paid this year", async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/admin/');
    await signInStaff(page, ctx.server().dataDir, 'auditor');
    await page.getByRole('menuitem', { name: 'Accounts' }).click();
    await page.getByLabel('Account number (or its first digits)').fill(savingsNumber);
    const grouped = savingsNumber.replace(/^(\d{4})(\d{4})(\d{2})$/, '$1 $2 $3');
    await page.getByRole('row').filter({ hasText: grouped }).getByRole('cell').first().click();
    await page.getByRole('heading', { name: 'Interest' }).waitFor();
    await page.getByTestId('interest-rate').getByText('2.25% from $10,000.00').waitFor();
    await page
      .getByTestId('interest-accrued-through')
      .getByText(/\w+ \d{1,2}, \d{4}/)
      .waitFor();
    await page
      .getByTestId('interest-paid-year')
      .getByText(/^\$\d+\.\d{2}/)
      .waitFor();
    await screenshot(page, 'console-account-interest');
    await expectNoSeriousA11yViolations(page, 'console: account interest');
  });
});
