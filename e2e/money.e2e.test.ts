import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { pdfTextLines } from '../server/test/helpers/pdf-text';
import { PAYMENTS_LOCKED, WRONG_PIN_REFUSALS, choose, fillLocalTransfer, lockPaymentsWithWrongPins, newContext, quoteShown, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { latestMail, sixDigitCode } from './helpers/mail';
import { expectNoSeriousA11yViolations } from './helpers/axe';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

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
    const keys: string[] = [];
    p.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/transfer/same') keys.push(request.headers()['idempotency-key']);
    });
    await p.goto('/transfers');
    await p.getByLabel('Recipient account number').waitFor();
    await expectNoSeriousA11yViolations(p, 'transfers: Strongroom account');
    await p.getByLabel('Recipient account number').fill('1000000002');
    await p.getByTestId('recipient-name').getByText('Jordan L.').waitFor();
    await p.getByLabel('Amount').fill('25.50');
    await p.getByLabel('Memo (optional)').fill('Concert tickets');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog').getByText('$25.50').first().waitFor();
    // A wrong PIN is said under the field, with the tries left, and the dialog stays for another go.
    await p.getByLabel('Transaction PIN').fill('9999');
    await p.getByRole('button', { name: 'Send money' }).click();
    await p.getByRole('dialog').getByText('Incorrect PIN. 4 tries left.').waitFor();
    expect(await p.getByLabel('Transaction PIN').getAttribute('aria-invalid')).toBe('true');
    await screenshot(p, 'transfer-same-wrong-pin');
    await p.getByLabel('Transaction PIN').fill('1234');
    expect(await p.getByRole('dialog').getByText('Incorrect PIN. 4 tries left.').count()).toBe(0);
    await screenshot(p, 'transfer-same-confirm');
    await expectNoSeriousA11yViolations(p, 'transfers: confirm dialog');
    await p.getByRole('button', { name: 'Send money' }).click();
    await p.waitForURL('**/transactions');
    await p.getByText('Transfer successful').waitFor();
    // The wrong PIN's toast goes when the customer tries again, well before it would hide itself (TOAST.autoHideDurationMs).
    await p.getByText('Incorrect PIN. 4 tries left.').waitFor({ state: 'detached', timeout: 2_000 });
    await p.getByText('Transfer to Jordan Lee: Concert tickets').waitFor();
    // The refused try and the paid one each had a key of their own, time-ordered (version 7), so that a customer's new
    // keys share the index pages of their recent ones (docs/performance.md#time-ordered-idempotency-keys).
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1] > keys[0]).toBe(true);
    await screenshot(p, 'transactions-after-transfer');
    await expectNoSeriousA11yViolations(p, 'transactions');
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
    await choose(p, 'Purpose', 'Family support');
    await p.getByTestId('quote').getByText('$15.00').waitFor(); // the fee, shown before confirming
    await expectNoSeriousA11yViolations(p, 'transfers: international with its quote');
    // Paid in another currency: the rate to four decimals, both currencies named.
    await choose(p, 'Currency', 'EUR');
    await p
      .getByTestId('quote')
      .getByText(/^1 EUR = \d+\.\d{4} USD$/)
      .waitFor();
    await choose(p, 'Currency', 'USD');
    await p.getByTestId('quote').getByText('$15.00').waitFor();
    const startedAt = Date.now() - 1000;
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog').getByText('Approve this payment').waitFor();
    expect(new URL(p.url()).searchParams.get('codeStep')).toBe('code');
    await screenshot(p, 'transfer-code-step');
    await expectNoSeriousA11yViolations(p, 'transfers: code dialog');

    await p.reload();
    await p.getByRole('dialog').getByText('Approve this payment').waitFor();
    const mail = await latestMail(ctx.server().dataDir, 'jordan.lee@strongroom.local', { after: startedAt });
    await p.getByLabel('One-time code').fill(sixDigitCode(mail));
    await p.getByRole('button', { name: 'Confirm' }).click();
    await p.getByLabel('Transaction PIN').waitFor();
    expect(new URL(p.url()).searchParams.get('codeStep')).toBe('pin');
    await expectNoSeriousA11yViolations(p, 'transfers: PIN step');
    await p.getByLabel('Transaction PIN').fill('4321');
    await p.getByRole('button', { name: 'Confirm' }).click();
    await p.getByText('Transfer submitted').waitFor();
    await expectNoSeriousA11yViolations(p, 'transfers: submitted');
    await screenshot(p, 'transfer-success');
    await p.getByRole('button', { name: 'Done' }).click();
    await p.waitForURL('**/transactions');
    await p.getByText('International transfer to Marie Curie').waitFor();

    // Paying her again starts from her details, not an empty form; the payment's own fields stay empty (docs/decisions/0050).
    await p.goto('/transfers?tab=international');
    await p.getByRole('button', { name: 'Pay Marie Curie again, account ending 0189' }).click();
    await expect(p.getByLabel('Recipient email').inputValue()).resolves.toBe('marie@example.fr');
    await expect(p.getByLabel('SWIFT / BIC').inputValue()).resolves.toBe('BNPAFRPP');
    await expect(p.getByLabel('Account number / IBAN').inputValue()).resolves.toBe('FR7630006000011234567890189');
    await expect(p.getByLabel('Amount').inputValue()).resolves.toBe('');
  });

  it('offers the people paid lately: a click fills in the account number and looks the name up again', async () => {
    const p = await page();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transfers');
    const payAgain = p.getByRole('button', { name: 'Pay Jordan Lee again, account ending 0002' });
    await payAgain.waitFor();
    await expectNoSeriousA11yViolations(p, 'transfers: pay again');
    await payAgain.click();
    await expect(p.getByLabel('Recipient account number').inputValue()).resolves.toBe('1000000002');
    await p.getByTestId('recipient-name').getByText('Jordan L.').waitFor();
    await p.locator('button:not([disabled])', { hasText: 'Continue' }).waitFor();
    await screenshot(p, 'transfer-pay-again');
    // A customer who has paid nobody abroad is offered nobody there.
    await p.getByRole('tab', { name: 'International' }).click();
    await p.getByLabel('Recipient name').waitFor();
    expect(await p.getByTestId('pay-again').count()).toBe(0);
  });

  it('asks for an amount, and says Insufficient funds before any PIN or code is asked', async () => {
    const p = await page();
    await signIn(p, '1000000002', 'Payee@2026!');
    await p.goto('/transfers');
    await p.getByLabel('Recipient account number').fill('1000000001');
    await p.getByTestId('recipient-name').waitFor();
    await p.getByLabel('Amount').fill('abc');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByText('Enter an amount').waitFor();
    await p.getByLabel('Amount').fill('99999.00');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByText('Insufficient funds').waitFor();
    expect(await p.getByRole('dialog').count()).toBe(0);

    // The quote fills its card in place: the Continue button is where it was before the amount was typed.
    await p.getByRole('tab', { name: 'Local bank' }).click();
    await p.getByLabel('Bank name').waitFor();
    const continueTop = async () => (await p.getByRole('button', { name: 'Continue' }).boundingBox())!.y;
    const topBeforeQuote = await continueTop();
    await screenshot(p, 'transfer-local-before-amount');
    await fillLocalTransfer(p, '5.00');
    expect(await continueTop()).toBe(topBeforeQuote);
    await screenshot(p, 'transfer-local-quoted');
    await p.getByLabel('Amount').fill('99999.00');
    await quoteShown(p, '99999.00');
    await expectNoSeriousA11yViolations(p, 'transfers: local bank');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByText('Insufficient funds').waitFor();
    expect(await p.getByRole('dialog').count()).toBe(0);
    expect(new URL(p.url()).searchParams.get('modal')).toBeNull();
  });

  it('keeps whole transfer tab labels and shows who and when in each transaction row at 375 px', async () => {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl, { width: 375, height: 760 });
    const p = await context.newPage();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transfers');
    for (const name of ['Strongroom account', 'Local bank', 'International']) {
      const tab = p.getByRole('tab', { name });
      const fits = await tab.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.scrollWidth <= el.clientWidth && box.left >= 0 && box.right <= window.innerWidth;
      });
      expect({ name, fits }).toEqual({ name, fits: true });
    }
    await screenshot(p, 'transfers-375');
    await expectNoSeriousA11yViolations(p, 'transfers at 375 px');

    await p.goto('/transactions');
    await p.getByTestId('transaction-row').first().waitFor();
    const rows = await p.getByTestId('transaction-row').evaluateAll((all) =>
      all.slice(0, 8).map((row) => {
        const who = row.querySelector<HTMLElement>('[data-testid="transaction-who"]')!;
        const when = row.querySelector<HTMLElement>('[data-testid="transaction-when"]')!;
        const rowBox = row.getBoundingClientRect();
        const whenBox = when.getBoundingClientRect();
        return {
          text: who.textContent,
          whole: who.scrollHeight <= who.clientHeight + 1 && who.scrollWidth <= who.clientWidth,
          whenInside: whenBox.right <= rowBox.right && when.scrollWidth <= when.clientWidth,
        };
      }),
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row).toEqual({ text: row.text, whole: true, whenInside: true });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(p, 'transactions-375');
    await expectNoSeriousA11yViolations(p, 'transactions at 375 px');
  });

  it("keeps a statement with From after To in the app, with the message under the field, then downloads it in the customer's time zone", async () => {
    const p = await (await newContext(ctx.browser(), ctx.server().baseUrl, undefined, 'Pacific/Auckland')).newPage();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transactions');
    await p.getByLabel('From', { exact: true }).fill('2026-03-10');
    await p.getByLabel('To', { exact: true }).fill('2026-03-01');
    await p.getByText('The end date must be on or after the start date').waitFor();
    expect(await p.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await p.getByRole('button', { name: 'PDF' }).isDisabled()).toBe(true);
    await p.getByLabel('To', { exact: true }).fill('2026-03-31');
    expect(await p.getByText('The end date must be on or after the start date').count()).toBe(0);
    const [download, asked] = await Promise.all([p.waitForEvent('download'), p.waitForRequest(/\/transaction\/statement/), p.getByRole('button', { name: 'PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('strongroom-statement-2026-03-10-to-2026-03-31.pdf');
    // The days are the customer's: the browser's time zone goes with the request, and the PDF says so.
    expect(new URL(asked.url()).searchParams.get('timeZone')).toBe('Pacific/Auckland');
    expect(pdfTextLines(readFileSync((await download.path())!)).some((line) => line.includes('times in Pacific/Auckland'))).toBe(true);
    expect(new URL(p.url()).pathname).toBe('/transactions');
  });

  it('tells a customer who downloads statements too fast to wait, in the app', async () => {
    const p = await page();
    await signIn(p, '1000000002', 'Payee@2026!');
    await p.goto('/transactions');
    // The last month by default, in the customer's own calendar.
    const today = await p.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expect(await p.getByLabel('To', { exact: true }).inputValue()).toBe(today);
    // Ten statements a minute; the eleventh is refused, and the refusal is told under the buttons.
    for (let i = 0; i < 10; i++) await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'CSV' }).click()]);
    await p.getByRole('button', { name: 'CSV' }).click();
    await p.getByRole('alert').filter({ hasText: 'Too many requests. Please wait a moment and try again.' }).waitFor();
    await p.getByRole('alert').filter({ hasText: 'Too many requests' }).scrollIntoViewIfNeeded();
    await screenshot(p, 'statement-refused');
    expect(new URL(p.url()).pathname).toBe('/transactions');
  });

  it("dates a local payment in the customer's calendar: today where they are goes now, whatever UTC's date", async () => {
    // At UTC+14 the customer's today is UTC's tomorrow for ten hours of every UTC day, and never UTC's yesterday.
    const p = await (await newContext(ctx.browser(), ctx.server().baseUrl, undefined, 'Pacific/Kiritimati')).newPage();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transfers');
    await fillLocalTransfer(p, '3.00');
    const localToday = await p.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expect(await p.getByLabel('Transfer date').inputValue()).toBe(localToday);
    const [asked] = await Promise.all([p.waitForRequest((request) => request.url().endsWith('/v1/transfer/local')), p.getByRole('button', { name: 'Continue' }).click()]);
    expect(asked.postDataJSON()).toMatchObject({ transferDate: localToday, timeZone: 'Pacific/Kiritimati' });
    await p.getByRole('dialog').getByText('Approve this payment').waitFor();
    await p.getByLabel('Transaction PIN').fill('1234');
    await p.getByRole('button', { name: 'Confirm' }).click();
    // Sent now, not scheduled for a day that is already the customer's today.
    await p.getByRole('dialog').getByText('Your local transfer is on its way to our payments team.', { exact: false }).waitFor();
    expect(await p.getByRole('dialog').getByText('is scheduled for', { exact: false }).count()).toBe(0);
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
    await choose(p, 'Type', 'Credit');
    await p.waitForURL(/type=credit/);
    await p.getByText('Rent to Jordan Lee').first().waitFor({ state: 'detached' });
    await p.getByText('Salary from Northwind Traders').first().waitFor();
    await choose(p, 'Status', 'Pending');
    await p.getByText('No transactions found').waitFor();
    // Filters alone: no word about references.
    expect(await p.getByText('Search looks for words that start with what you type. To find a payment by its reference, enter all of it.').count()).toBe(0);
    await p.goto('/transactions');
    await p.getByLabel('Search transactions').fill('zzzz-nothing');
    await p.getByText('No transactions found').waitFor();
    await p.getByText('Search looks for words that start with what you type. To find a payment by its reference, enter all of it.').waitFor();
    await screenshot(p, 'transactions-search-empty');
    await p.getByLabel('Search transactions').fill('ren jor');
    await p.waitForURL(/q=ren\+jor/);
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
    await expectNoSeriousA11yViolations(p, 'transaction detail');
  });

  // Last in this suite: it leaves the demo customer's payments locked.
  it('locks the PIN field and the approving button once too many wrong PINs lock payments', async () => {
    const p = await page();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transfers');
    await p.getByLabel('Recipient account number').fill('1000000002');
    await p.getByTestId('recipient-name').getByText('Jordan L.').waitFor();
    await p.getByLabel('Amount').fill('5.00');
    await p.getByRole('button', { name: 'Continue' }).click();
    const send = p.getByRole('button', { name: 'Send money' });
    await lockPaymentsWithWrongPins(p.getByRole('dialog'), send, async () => expect(await send.isEnabled()).toBe(true));
    expect(await send.isDisabled()).toBe(true);
    expect(await p.getByLabel('Transaction PIN').isDisabled()).toBe(true);
    // Each wrong PIN's toast went when the next try was made: only the lock's is left.
    for (const refusal of WRONG_PIN_REFUSALS) await p.getByText(refusal).waitFor({ state: 'detached' });
    await screenshot(p, 'transfer-same-pin-locked');
    // Cancel still closes the dialog.
    await p.getByRole('button', { name: 'Cancel' }).click();
    await p.getByRole('dialog').waitFor({ state: 'detached' });

    // A local transfer's approval dialog says the same and stops taking a PIN (the right one is refused too).
    await fillLocalTransfer(p, '5.00');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog').getByText('Approve this payment').waitFor();
    await p.getByLabel('Transaction PIN').fill('1234');
    const confirm = p.getByRole('button', { name: 'Confirm' });
    await confirm.click();
    await p.getByRole('dialog').getByText(PAYMENTS_LOCKED).waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    expect(await p.getByLabel('Transaction PIN').isDisabled()).toBe(true);
    // The buttons fade to their disabled look: shoot the settled dialog.
    await p.waitForFunction(() => document.getAnimations().length === 0);
    await screenshot(p, 'transfer-code-pin-locked');
  });
});
