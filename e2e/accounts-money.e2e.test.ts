import type { Page } from 'playwright-core';
import { choose, newContext, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

// The seeded demo customer (server seed), with money in a USD checking account; the second seeded customer is paid.
const DEMO = { accountNumber: '1000000001', password: 'Demo@2026!', pin: '1234' };
const PAYEE = '1000000002';

const accountRow = (p: Page, name: string) => p.getByTestId('account-row').filter({ hasText: name });

/** "€92.31" less `cents`, as the page writes it. */
function less(shown: string, cents: number): string {
  const left = Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100) - cents;
  return `€${(left / 100).toFixed(2)}`;
}

/** Opens a EUR savings account named `name` and moves 100 dollars into it; answers the euros it was credited. */
async function openFundedEurAccount(p: Page, name: string): Promise<string> {
  await p.goto('/accounts');
  await p.getByRole('button', { name: 'Open an account' }).click();
  const dialog = p.getByRole('dialog');
  await choose(p, dialog.getByLabel('Kind of account'), 'Savings');
  await choose(p, dialog.getByLabel('Currency'), 'EUR');
  await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByRole('button', { name: 'Open account' }).click();
  await dialog.getByTestId('new-account-number').waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await p.goto('/move-money');
  await choose(p, p.getByLabel('From', { exact: true }), /^Current account · 0001/);
  await choose(p, p.getByLabel('To', { exact: true }), new RegExp(`^${name}`));
  await p.getByLabel(/^Amount/).fill('100.00');
  await p.getByRole('button', { name: 'Review' }).click();
  const quote = p.getByTestId('own-quote');
  await quote.waitFor();
  const credited = (await quote.locator('dd').last().textContent())!;
  const pinField = quote.getByLabel('Transaction PIN');
  if (await pinField.count()) await pinField.fill(DEMO.pin);
  await quote.getByRole('button', { name: /^Move / }).click();
  await p.getByTestId('move-done').waitFor();
  return credited;
}

describe('accounts: paying from an account other than the primary', () => {
  const ctx = useServerAndBrowser();

  it('pays a same-bank payee from the EUR account chosen in the shell, and the debit shows on that account only', async () => {
    const p = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    const credited = await openFundedEurAccount(p, 'Holidays');

    // Chosen in the shell: the transfer form pays from it unless told otherwise, and the tabs keep the choice.
    await p.goto('/accounts');
    await choose(p, p.getByLabel('Account', { exact: true }), /^Holidays/);
    const id = new URL(p.url()).searchParams.get('account')!;
    expect(id).toBeTruthy();
    await p.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Transfers' }).click();
    await p.waitForURL(`**/transfers?account=${id}`);
    const from = p.getByLabel('From account', { exact: true });
    await from.getByText(/^Holidays •••• \d{4}$/).waitFor();
    await from.getByText(`EUR · ${credited} available`).waitFor();
    await p.getByRole('tab', { name: 'Local bank' }).click();
    await p.waitForURL((url) => url.searchParams.get('tab') === 'local' && url.searchParams.get('account') === id);
    await p
      .getByLabel('From account', { exact: true })
      .getByText(/^Holidays/)
      .waitFor();
    // The quote is asked for the account paid from, so its figures are in euros.
    await p.getByLabel('Amount').fill('5.00');
    await p.locator('[data-testid="quote"][data-quoted-amount="5.00"]').getByText('€5.00').first().waitFor();
    await screenshot(p, 'transfer-local-from-account');
    await p.getByRole('tab', { name: 'Strongroom account' }).click();
    await p.waitForURL((url) => url.searchParams.get('tab') === 'sameBank' && url.searchParams.get('account') === id);

    // The list offers the primary too; the EUR account stays chosen.
    await from.click();
    await p.getByRole('option', { name: /^Current account •••• 0001/ }).waitFor();
    await screenshot(p, 'transfer-from-account-list');
    await p.keyboard.press('Escape');
    await p.getByRole('listbox').waitFor({ state: 'hidden' });

    await p.getByLabel('Recipient account number').fill(PAYEE);
    await p.getByTestId('recipient-name').getByText('Jordan L.').waitFor();
    await p.getByLabel('Amount').fill('10.00');
    await p.getByLabel('Memo (optional)').fill('Paid from Holidays');
    await screenshot(p, 'transfer-from-account');
    await expectNoSeriousA11yViolations(p, 'transfers: from account');
    const sent: Array<Record<string, unknown>> = [];
    p.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/transfer/same') sent.push(r.postDataJSON() as Record<string, unknown>);
    });
    await p.getByRole('button', { name: 'Continue' }).click();
    // In the account's currency, not the customer's dollars.
    await p.getByRole('dialog').getByText('€10.00').first().waitFor();
    await p.getByLabel('Transaction PIN').fill(DEMO.pin);
    await p.getByRole('button', { name: 'Send money' }).click();
    await p.waitForURL(`**/transactions?account=${id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0].accountId).toBe(id);
    await p.getByText('Transfer to Jordan Lee: Paid from Holidays').waitFor();

    // The EUR account is €10.00 lighter; the primary's own list has no such payment.
    await p.goto('/accounts');
    await accountRow(p, 'Holidays').getByTestId('account-balance').getByText(less(credited, 1000)).waitFor();
    await p.goto('/transactions');
    await p.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await p.getByTestId('transaction-row').first().waitFor();
    expect(await p.getByTestId('transaction-row').filter({ hasText: 'Paid from Holidays' }).count()).toBe(0);
  });
});
