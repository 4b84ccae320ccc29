import type { Page } from 'playwright-core';
import { newContext, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { latestMail, sixDigitCode } from './helpers/mail';

// The demo customer (1000000001) has history, so it is a returning sender (PIN only). The second demo
// customer (1000000002) has never sent money, so it goes through the e-mailed code first.
describe('moving money', () => {
  const ctx = useServerAndBrowser();

  async function page(): Promise<Page> {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    return context.newPage();
  }

  it('sends money to another Strongroom account and ends on /transactions', async () => {
    const p = await page();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transfers');
    await p.getByLabel('Recipient account number').fill('1000000002');
    await p.getByTestId('recipient-name').getByText('Jordan L.').waitFor();
    await p.getByLabel('Amount').fill('25.50');
    await p.getByLabel('Memo (optional)').fill('Concert tickets');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog').getByText('$25.50').first().waitFor();
    await p.getByLabel('Transaction PIN').fill('1234');
    await screenshot(p, 'transfer-same-confirm');
    await p.getByRole('button', { name: 'Send money' }).click();
    await p.waitForURL('**/transactions');
    await p.getByText('Transfer successful').waitFor();
    await p.getByText('Transfer to Jordan Lee: Concert tickets').waitFor();
    await screenshot(p, 'transactions-after-transfer');
  });

  it('takes a first-time sender through the code modal, surviving a reload mid-flow', async () => {
    const p = await page();
    await signIn(p, '1000000002', 'Payee@2026!');
    await p.goto('/transfers?tab=international');
    await p.getByLabel('Recipient name').fill('Marie Curie');
    await p.getByLabel('Recipient email').fill('marie@example.fr');
    await p.getByLabel('Recipient phone').fill('+33123456789');
    await p.getByLabel('Recipient address').fill('1 Rue de Rivoli, Paris');
    await p.getByLabel('Recipient city').fill('Paris');
    await p.getByLabel('Recipient country').fill('France');
    await p.getByLabel('Bank name').fill('Banque Exemple');
    await p.getByLabel('Bank address').fill('16 Boulevard des Italiens');
    await p.getByLabel('Account number / IBAN').fill('FR7630006000011234567890189');
    await p.getByLabel('Routing number').fill('30006');
    await p.getByLabel('SWIFT / BIC').fill('BNPAFRPP');
    await p.getByLabel('Amount').fill('100');
    await p.getByLabel('Purpose').click();
    await p.getByRole('option', { name: 'Family support' }).click();
    await p.getByTestId('quote').getByText('$15.00').waitFor(); // the fee, shown before confirming
    const startedAt = Date.now() - 1000;
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog').getByText('Approve this payment').waitFor();
    expect(new URL(p.url()).searchParams.get('codeStep')).toBe('code');
    await screenshot(p, 'transfer-code-step');

    await p.reload();
    await p.getByRole('dialog').getByText('Approve this payment').waitFor();
    const mail = await latestMail(ctx.server().dataDir, 'jordan.lee@strongroom.local', { after: startedAt });
    await p.getByLabel('One-time code').fill(sixDigitCode(mail));
    await p.getByRole('button', { name: 'Confirm' }).click();
    await p.getByLabel('Transaction PIN').waitFor();
    expect(new URL(p.url()).searchParams.get('codeStep')).toBe('pin');
    await p.getByLabel('Transaction PIN').fill('4321');
    await p.getByRole('button', { name: 'Confirm' }).click();
    await p.getByText('Transfer submitted').waitFor();
    await screenshot(p, 'transfer-success');
    await p.getByRole('button', { name: 'Done' }).click();
    await p.waitForURL('**/transactions');
    await p.getByText('International transfer to Marie Curie').waitFor();
  });

  it('shows a clear message when the transfer data in the URL is broken', async () => {
    const p = await page();
    const logged: string[] = [];
    p.on('console', (m) => logged.push(m.text()));
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transfers?modal=transfer&codeStep=pin&transferData=%7Bnot-json');
    await p.getByText('Transfer not found').waitFor();
    expect(logged).toContain('Failed to parse transfer data from URL');
  });

  it('filters, searches and opens a transaction with a copyable reference', async () => {
    const p = await page();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transactions');
    await p.getByTestId('transaction-row').first().waitFor();
    await p.getByLabel('Type').click();
    await p.getByRole('option', { name: 'Credit' }).click();
    await p.waitForURL(/type=credit/);
    await p.getByText('Rent to Jordan Lee').first().waitFor({ state: 'detached' });
    await p.getByText('Salary from Northwind Traders').first().waitFor();
    await p.getByRole('listbox').waitFor({ state: 'detached' });
    await p.getByLabel('Status').click();
    await p.getByRole('option', { name: 'Pending' }).click();
    await p.getByText('No transactions found').waitFor();
    await p.goto('/transactions');
    await p.getByLabel('Search transactions').fill('zzzz-nothing');
    await p.getByText('No transactions found').waitFor();
    await p.getByLabel('Search transactions').fill('Rent');
    await p.waitForURL(/q=Rent/);
    await p.getByText('Rent to Jordan Lee').first().click();
    await p.waitForURL(/\/transactions\/SR[A-Z0-9]+$/);
    const reference = (await p.getByTestId('detail-reference').textContent())!;
    expect(p.url()).toContain(reference);
    await p.getByRole('button', { name: 'Copy reference' }).click();
    await p.getByText('Reference copied to clipboard!').waitFor();
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await p.getByText('Account holder').waitFor();
    await p.getByText('Where it happened').waitFor();
    await screenshot(p, 'transaction-detail');
  });
});
