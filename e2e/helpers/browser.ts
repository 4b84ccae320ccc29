import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = resolve(__dirname, '..', '..', 'artifacts', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

/** A browser context in US English; `timezoneId` puts its clock in another time zone than the machine's. */
export async function newContext(browser: Browser, baseURL: string, viewport = { width: 1280, height: 860 }, timezoneId?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', ...(timezoneId ? { timezoneId } : {}) });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Saves a full-page screenshot under artifacts/screenshots (kept as a test artifact). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The page is no wider than its window: a wide table scrolls inside its card, the page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect({ what, width: widths.page }).toEqual({ what, width: widths.window });
}

export async function signIn(page: Page, accountNumber: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Account Number').fill(accountNumber);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Picks `option` in the list the field (labelled `field`, or the locator `field`) opens (a MUI select or autocomplete) and waits for the list to
 * close: until it has, its backdrop takes the next click. On a loaded CI machine a pick once left the list open; one
 * that did not take within 2 s is made again, twice at most.
 */
export async function choose(page: Page, field: string | Locator, option: string | RegExp, opts: { exact?: boolean } = {}): Promise<void> {
  const opener = typeof field === 'string' ? page.getByLabel(field) : field;
  await opener.click();
  const pick = () => page.getByRole('option', { name: option, exact: opts.exact });
  await pick().click();
  const closed = () =>
    page
      .getByRole('listbox')
      .waitFor({ state: 'hidden', timeout: 2_000 })
      .then(
        () => true,
        () => false,
      );
  for (let attempt = 1; !(await closed()); attempt++) {
    if (attempt === 3) throw new Error(`the list of ${String(opener)} stayed open after picking ${String(option)}`);
    // The list may close between the check and this click: then there is nothing left to click.
    await pick()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

/** Fills the Local bank tab of /transfers for the same recipient each time, up to its Continue button, and waits for the quote. */
export async function fillLocalTransfer(page: Page, amount: string): Promise<void> {
  await page.getByRole('tab', { name: 'Local bank' }).click();
  await page.getByLabel('Recipient name').fill('Sam Carter');
  await page.getByLabel('Bank name').fill('First Local Bank');
  await page.getByLabel('Account number').fill('9876543210');
  await page.getByLabel('Amount').fill(amount);
  await quoteShown(page, amount);
}

/** Waits until the transfer form's 'Before you confirm' card holds the server's quote for `amount`. */
export async function quoteShown(page: Page, amount: string): Promise<void> {
  await page.locator(`[data-testid="quote"][data-quoted-amount="${amount}"]`).waitFor();
}

/** What each of five wrong PINs in a row is told: the tries left, then the lock. */
export const WRONG_PIN_REFUSALS = ['Incorrect PIN. 4 tries left.', 'Incorrect PIN. 3 tries left.', 'Incorrect PIN. 2 tries left.', 'Incorrect PIN. 1 try left.'];
export const PAYMENTS_LOCKED = 'Too many wrong PINs. Payments are locked for 15 minutes.';

/**
 * Sends five wrong PINs through the PIN dialog `dialog` with its button `submit`, waiting for each refusal in it, and
 * runs `afterEachWrong` after each of the first four. The customer's payments are locked afterwards.
 */
export async function lockPaymentsWithWrongPins(dialog: Locator, submit: Locator, afterEachWrong: () => Promise<void> = async () => {}): Promise<void> {
  for (const refusal of [...WRONG_PIN_REFUSALS, PAYMENTS_LOCKED]) {
    await dialog.getByLabel('Transaction PIN').fill('9999');
    await submit.click();
    await dialog.getByText(refusal).waitFor();
    if (refusal !== PAYMENTS_LOCKED) await afterEachWrong();
  }
}
