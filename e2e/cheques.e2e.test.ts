import type { Browser, Page } from 'playwright-core';
import { newContext, screenshot, signIn } from './helpers/browser';
import { signInStaff } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';

const CUSTOMER = { accountNumber: '1000000002', password: 'Payee@2026!' };
// One journey through two apps and a staff decision: longer than the suite's default on a busy machine.
jest.setTimeout(300_000);
const STEP_TIMEOUT_MS = 45_000;

/** Photographs of a cheque, drawn and captured by the browser itself (real PNG bytes, as a phone would send). */
async function chequePhotos(browser: Browser, chequeNumber: string): Promise<{ front: Buffer; back: Buffer }> {
  const page = await browser.newPage({ viewport: { width: 720, height: 320 } });
  const side = async (html: string) => {
    await page.setContent(
      `<body style="margin:0;background:#333"><div id="c" style="width:680px;height:290px;margin:15px;background:#f4efe1;font:16px Georgia;position:relative;border-radius:6px">${html}</div></body>`,
    );
    return page.locator('#c').screenshot({ type: 'png' });
  };
  const front = await side(`
    <div style="position:absolute;left:24px;top:18px;font-weight:bold">Harbour Savings Bank</div>
    <div style="position:absolute;right:24px;top:18px">No. ${chequeNumber}</div>
    <div style="position:absolute;left:24px;top:90px">Pay to the order of <u>Jordan Lee</u></div>
    <div style="position:absolute;right:24px;top:86px;border:1px solid #555;padding:4px 10px">$ 842.60</div>
    <div style="position:absolute;left:24px;top:140px">Eight hundred forty-two and 60/100 dollars</div>
    <div style="position:absolute;right:24px;top:210px;font-style:italic">M. Okafor</div>
    <div style="position:absolute;left:24px;bottom:14px;font-family:monospace">T021000021T 44120087A ${chequeNumber}</div>`);
  const back = await side(`<div style="position:absolute;left:24px;top:24px;font-style:italic">Jordan Lee — for mobile deposit at Strongroom only</div>`);
  await page.close();
  return { front, back };
}

describe('cheque deposit', () => {
  const ctx = useServerAndBrowser();
  async function customerPage(width = 1280): Promise<Page> {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width, height: 860 })).newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await signIn(page, CUSTOMER.accountNumber, CUSTOMER.password);
    await page.goto('/deposit-cheque');
    await page.getByRole('heading', { level: 1, name: 'Deposit Cheque' }).waitFor();
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

  it('is deposited in the browser, approved by staff in the console, and seen credited by the customer', async () => {
    const chequeNumber = `7${Date.now().toString().slice(-6)}`;
    const photos = await chequePhotos(ctx.browser(), chequeNumber);
    const page = await customerPage();
    await page.getByTestId('keep-cheque-notice').getByText('at least 14 days').waitFor();
    await page.getByText('No cheque deposits yet').waitFor();

    // Nothing is sent without the images; a file that is not an image is refused before sending.
    await page.getByLabel('Amount').fill('842.60');
    await page.getByRole('button', { name: 'Deposit cheque' }).click();
    await page.getByText('Please upload the front of the cheque').waitFor();
    await page.getByLabel('Upload front of cheque').setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await page.getByText('Only JPG, PNG or WEBP images are allowed.').waitFor();
    await screenshot(page, 'cheque-deposit-refused-1280');
    await expectNoSeriousA11yViolations(page, 'cheque deposit: refused file');

    await page.getByLabel('Upload front of cheque').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: photos.front });
    await page.getByLabel('Upload back of cheque').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: photos.back });
    await page.getByRole('img', { name: 'Front of cheque preview' }).waitFor();
    await page.getByRole('img', { name: 'Back of cheque preview' }).waitFor();
    await page.getByLabel('Cheque number').fill(chequeNumber);
    await page.getByLabel('Bank name').fill('Harbour Savings Bank');
    await page.getByLabel('Account number on the cheque').fill('44120087');
    await page.getByLabel('Issue date').fill('2026-01-15');
    await page.getByLabel('Note (optional)').fill('Deposit from M. Okafor');
    await screenshot(page, 'cheque-deposit-filled-1280');
    await expectNoSeriousA11yViolations(page, 'cheque deposit: filled with previews');
    await page.getByRole('button', { name: 'Deposit cheque' }).click();
    await page.getByText('Cheque deposited. We will review it shortly.').waitFor();
    const deposit = page.getByTestId('cheque-deposit').filter({ hasText: chequeNumber });
    await deposit.getByText('Pending', { exact: true }).waitFor();
    await deposit.getByText('Submitted, waiting for review').waitFor();
    await screenshot(page, 'cheque-deposit-pending-1280');
    await expectNoSeriousA11yViolations(page, 'cheque deposit: pending');

    const admin = await consolePage();
    await admin.getByRole('menuitem', { name: 'Cheques' }).click();
    const row = admin.locator('tbody tr', { hasText: chequeNumber });
    await row.getByText('Pending', { exact: true }).waitFor();
    await screenshot(admin, 'admin-cheques-1280');
    await expectNoSeriousA11yViolations(admin, 'console: cheques');
    await row.getByText('Harbour Savings Bank').click();
    await admin.waitForURL(/#\/cheques\/[0-9a-f-]+\/show$/);
    await admin.getByRole('img', { name: `Front of cheque ${chequeNumber}` }).waitFor();
    await admin.getByRole('img', { name: `Back of cheque ${chequeNumber}` }).waitFor();
    await admin.getByText('Deposit from M. Okafor').waitFor();
    await screenshot(admin, 'admin-cheque-show-1280');
    await expectNoSeriousA11yViolations(admin, 'console: cheque show');
    await admin.getByRole('button', { name: 'Enlarge the front of the cheque' }).click();
    await admin
      .getByRole('dialog')
      .getByRole('img', { name: /enlarged/ })
      .waitFor();
    await screenshot(admin, 'admin-cheque-zoom-1280');
    await expectNoSeriousA11yViolations(admin, 'console: cheque image enlarged');
    await admin.getByRole('button', { name: 'Close' }).click();

    await admin.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve this cheque?' });
    await dialog.getByText(`Cheque no. ${chequeNumber} on Harbour Savings Bank, $842.60`).waitFor();
    await expectNoSeriousA11yViolations(admin, 'console: cheque approve dialog');
    await dialog.getByRole('button', { name: 'Confirm approval' }).click();
    await admin.getByText('Cheque approved: $842.60 credited').waitFor();
    await admin.locator('main').getByText('Approved', { exact: true }).first().waitFor();
    expect(await admin.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await admin.getByRole('cell', { name: 'admin@strongroom.local' }).waitFor(); // the timeline names the staff member
    await admin.context().close();

    await page.reload();
    await deposit.getByRole('region', { name: 'Deposit timeline' }).getByText('Approved', { exact: true }).waitFor();
    await deposit.getByText('by Strongroom').waitFor();
    await screenshot(page, 'cheque-deposit-approved-1280');
    await expectNoSeriousA11yViolations(page, 'cheque deposit: approved');
    await deposit.getByRole('link', { name: 'View the credit' }).click();
    await page.waitForURL(/\/transactions\/[A-Z0-9]+$/);
    await page.getByText(`Cheque deposit no. ${chequeNumber}`).first().waitFor();
    await page.goto('/transactions');
    await page.getByText(`Cheque deposit no. ${chequeNumber}`).first().waitFor();
    await page.getByText('+$842.60').first().waitFor();
    await screenshot(page, 'cheque-credit-in-transactions-1280');
    await page.context().close();
  });

  it('works at phone width, for the customer and in the console', async () => {
    const page = await customerPage(375);
    await page.getByRole('button', { name: 'Choose front image' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'cheque-deposit-375');
    await expectNoSeriousA11yViolations(page, 'cheque deposit at 375 px');
    await page.context().close();

    const admin = await consolePage(375);
    await admin.goto('/admin/#/cheques?filter=%7B%7D');
    await admin
      .getByRole('link', { name: /cheque no\. \d/ })
      .first()
      .waitFor();
    await screenshot(admin, 'admin-cheques-375');
    await expectNoSeriousA11yViolations(admin, 'console: cheques at 375 px');
    await admin
      .getByRole('link', { name: /cheque no\. \d/ })
      .first()
      .click();
    await admin.waitForURL(/#\/cheques\/[0-9a-f-]+\/show$/);
    await admin.getByRole('img', { name: /^Front of cheque/ }).waitFor();
    await screenshot(admin, 'admin-cheque-show-375');
    await expectNoSeriousA11yViolations(admin, 'console: cheque show at 375 px');
    await admin.context().close();
  });
});
