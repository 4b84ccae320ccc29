import type { Browser, Page } from 'playwright-core';
import { choose, expectNoSidewaysScroll, newContext, screenshot, signIn } from './helpers/browser';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { signInStaff } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const CUSTOMER = { accountNumber: '1000000001', password: 'Demo@2026!' };
const WALLET = 'bc1qjordansownwallet0000000000000000000xyz';
// One journey through two apps and two staff decisions: longer than the suite's default on a busy machine.
jest.setTimeout(300_000);
const STEP_TIMEOUT_MS = 45_000;

/** A screenshot of a wallet app's "sent" screen, drawn by the browser itself: real PNG bytes. */
async function receiptImage(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 420, height: 300 } });
  await page.setContent(
    `<body style="margin:0;font:16px sans-serif;background:#fff"><div id="r" style="padding:24px"><h2>Sent 0.02 BTC</h2><p>To bc1qstrongroomcustody0demo0address0btc0x</p><p>Tx 9f2c...e41a · 3 confirmations</p></div></body>`,
  );
  const png = await page.locator('#r').screenshot({ type: 'png' });
  await page.close();
  return png;
}

describe('crypto wallet', () => {
  const ctx = useServerAndBrowser();
  async function customerPage(width = 1280): Promise<Page> {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl, { width, height: 860 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.server().baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await signIn(page, CUSTOMER.accountNumber, CUSTOMER.password);
    await page.goto('/crypto');
    await page.getByRole('heading', { level: 1, name: 'Crypto Currency' }).waitFor();
    return page;
  }

  async function consolePage(width = 1280): Promise<Page> {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width, height: 860 })).newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto('/admin/');
    await signInStaff(page, ctx.server().dataDir);
    await page.getByRole('heading', { name: 'Waiting for a decision' }).waitFor();
    return page;
  }

  async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
    await choose(page, page.getByRole('combobox', { name: label }), option);
  }

  it('deposits crypto, has it approved in the console, and withdraws it with the fee shown', async () => {
    const receipt = await receiptImage(ctx.browser());
    const page = await customerPage();
    await page.getByText('No assets found').waitFor();
    await page.getByTestId('portfolio-holdings').getByText('0').waitFor();
    await screenshot(page, 'crypto-portfolio-empty-1280');
    await expectNoSeriousA11yViolations(page, 'crypto portfolio (empty)');

    // Buy = a custody deposit to the bank's address, with the receipt.
    await page.getByRole('button', { name: 'Buy Asset' }).click();
    await page.waitForURL(/\/crypto\?tab=buy$/);
    await pick(page, 'Cryptocurrency', 'Bitcoin (BTC)');
    await page.getByTestId('deposit-address').getByText('bc1qstrongroomcustody0demo0address0btc0x').waitFor();
    await page.getByRole('button', { name: 'Copy the BTC deposit address' }).click();
    await page.getByText('Address copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('bc1qstrongroomcustody0demo0address0btc0x');
    await page.getByLabel('Amount (BTC)').fill('0.02');
    const submit = page.getByRole('button', { name: 'Submit Purchase Request' });
    expect(await submit.isDisabled()).toBe(true); // no submit without a receipt
    await page.getByLabel('Upload the payment receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('a text file, not a picture') });
    await page.getByText('Please upload an image file').waitFor();
    await page.getByLabel('Upload the payment receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
    await page.getByRole('button', { name: 'Replace receipt (receipt.png)' }).waitFor();
    await screenshot(page, 'crypto-buy-filled-1280');
    await expectNoSeriousA11yViolations(page, 'crypto buy');
    await submit.click();
    await page.getByText('Receipt uploaded successfully').waitFor();
    await page.waitForURL(/\/crypto$/);
    const deposit = page.getByTestId('crypto-request').filter({ hasText: 'Deposit of 0.02 BTC' });
    await deposit.getByText('Pending', { exact: true }).waitFor();
    await deposit.getByText('Submitted, waiting for review').waitFor();
    // The asset and its network are one name here: said once, then the date.
    await deposit.getByText(/^Bitcoin · [A-Z][a-z]+ \d{1,2}, \d{4}/).waitFor();
    await page.getByText('No assets found').waitFor(); // nothing credited before staff check the chain

    // Staff check the receipt and approve.
    const admin = await consolePage();
    await admin.getByRole('menuitem', { name: 'Crypto requests' }).click();
    const row = admin.locator('tbody tr', { hasText: '0.02 BTC' });
    await row.getByText('Pending', { exact: true }).waitFor();
    await screenshot(admin, 'admin-crypto-requests-1280');
    await expectNoSidewaysScroll(admin, 'console: crypto-requests list');
    await row.getByText('Deposit', { exact: true }).click();
    await admin.waitForURL(/#\/crypto-requests\/[0-9a-f-]+\/show$/);
    await admin.getByRole('img', { name: 'Payment receipt for the BTC deposit of 0.02' }).waitFor();
    await screenshot(admin, 'admin-crypto-request-show-1280');
    await expectNoSeriousA11yViolations(admin, 'console: crypto request');
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog', { name: 'Approve this crypto request?' }).getByRole('button', { name: 'Confirm approval' }).click();
    await admin.getByText('Crypto deposit approved').waitFor();
    await admin.locator('main').getByText('Approved', { exact: true }).first().waitFor();
    expect(await admin.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // The holding, valued at the reference price: 0.02 x $64,250.00.
    await page.reload();
    await page.getByTestId('asset-BTC').getByText('0.02 BTC available').waitFor();
    await page.getByTestId('portfolio-total-usd').getByText('$1,285.00').waitFor();
    await page.getByTestId('portfolio-holdings').getByText('1').waitFor();
    await deposit.getByText('Approved', { exact: true }).first().waitFor();
    await screenshot(page, 'crypto-portfolio-1280');
    await expectNoSeriousA11yViolations(page, 'crypto portfolio');

    // Sell = a withdrawal; the confirmation shows the fee, taken from the holding.
    await page.getByRole('tab', { name: 'Sell' }).click();
    await pick(page, 'My Assets', /Bitcoin \(BTC\)/);
    await page.getByTestId('current-amount').getByText('0.02 BTC').waitFor();
    await page.getByLabel('Amount (BTC)').fill('0.01');
    await page.getByLabel('Wallet Address').fill(WALLET);
    await screenshot(page, 'crypto-sell-filled-1280');
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    const modal = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
    await modal.getByTestId('confirm-amount').getByText('0.01 BTC').waitFor();
    await modal.getByTestId('confirm-destination').getByText(WALLET).waitFor();
    await modal.getByText('Bitcoin', { exact: true }).waitFor();
    await modal.getByTestId('confirm-fee').getByText('0.00005 BTC').waitFor();
    await modal.getByTestId('confirm-total').getByText('0.01005 BTC').waitFor();
    await screenshot(page, 'crypto-sell-confirm-1280');
    await expectNoSeriousA11yViolations(page, 'crypto sell: confirmation');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Withdrawal requested. The units are reserved until we send them.').waitFor();
    await page.waitForURL(/\/crypto$/);
    await page.getByTestId('asset-BTC').getByText('0.00995 BTC available · 0.01005 BTC reserved for withdrawals').waitFor();
    const withdrawal = page.getByTestId('crypto-request').filter({ hasText: 'Withdrawal of 0.01 BTC' });
    await withdrawal.getByText('Network fee 0.00005 BTC; 0.01005 BTC leaves your holding.').waitFor();

    // Staff send it.
    await admin.goto('/admin/#/crypto-requests');
    await admin.locator('tbody tr', { hasText: 'Withdrawal' }).getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog', { name: 'Approve this crypto request?' }).getByText(`to ${WALLET}`).waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirm approval' }).click();
    await admin.getByText('Crypto withdrawal approved').waitFor();
    await admin.context().close();

    await page.reload();
    await withdrawal.getByText('Approved', { exact: true }).first().waitFor();
    await page.getByTestId('asset-BTC').getByText('0.00995 BTC available').waitFor();
    await screenshot(page, 'crypto-after-withdrawal-1280');
    await page.goto('/dashboard');
    await page.getByTestId('crypto-count-value').getByText('1').waitFor();
    await page.context().close();
  });

  it('works at phone width', async () => {
    const page = await customerPage(375);
    await page.getByText('Total Portfolio Value').waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'crypto-portfolio-375');
    await page.getByRole('tab', { name: 'Sell' }).click();
    await pick(page, 'My Assets', /Bitcoin \(BTC\)/);
    await page.getByLabel('Amount (BTC)').fill('0.001');
    await page.getByLabel('Wallet Address').fill(WALLET);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await page.getByRole('dialog', { name: 'Confirm your withdrawal' }).getByTestId('confirm-fee').waitFor();
    await screenshot(page, 'crypto-sell-confirm-375');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'Buy' }).click();
    await pick(page, 'Cryptocurrency', 'Tether (USDT)');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'crypto-buy-375');
    await page.context().close();

    const admin = await consolePage(375);
    await admin.goto('/admin/#/crypto-requests?filter=%7B%7D');
    await admin
      .getByRole('link', { name: /of 0\.0\d+ BTC/ })
      .first()
      .waitFor();
    await screenshot(admin, 'admin-crypto-requests-375');
    await admin.context().close();
  });
});
