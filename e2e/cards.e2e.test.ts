import type { BrowserContext, Page } from 'playwright-core';
import { PAYMENTS_LOCKED, WRONG_PIN_REFUSALS, choose, expectNoSidewaysScroll, lockPaymentsWithWrongPins, newContext, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { signInStaff } from './helpers/server';

// The demo customer (1000000001, PIN 1234) applies for a card, the demo admin approves it in the console,
// the customer reveals it with the PIN and freezes it, and the console's card payment is declined.
// A journey of several pages per step: on a busy machine a page can take longer than the default 15 s to settle.
const PATIENCE_MS = 40_000;

describe('cards and Freeze everything', () => {
  const ctx = useServerAndBrowser();
  let card = { cardNumber: '', expiry: '', cvv: '' };

  async function customerPage(width = 1280): Promise<Page> {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl, { width, height: width < 600 ? 812 : 860 });
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    await signIn(page, '1000000001', 'Demo@2026!');
    return page;
  }

  // The staff member signs in once for the suite: the server takes each authenticator code once, so a third sign-in
  // within a minute waited up to 30 s for the next code (this journey took 26-29 s instead of 11-13).
  let staffContext: BrowserContext | undefined;
  async function consolePage(): Promise<Page> {
    const signedIn = staffContext !== undefined;
    staffContext ??= await newContext(ctx.browser(), ctx.server().baseUrl);
    staffContext.setDefaultTimeout(PATIENCE_MS);
    const page = await staffContext.newPage();
    await page.goto('/admin/');
    if (!signedIn) await signInStaff(page, ctx.server().dataDir);
    await page.getByRole('menuitem', { name: 'Cards' }).waitFor();
    return page;
  }

  async function postCardPayment(console: Page, merchant: string) {
    await console.goto('/admin/#/card-payment');
    await console.getByLabel('Card number').fill(card.cardNumber);
    await console.getByLabel('Expiry (MM/YY)').fill(card.expiry);
    await console.getByLabel('CVV').fill(card.cvv);
    await console.getByLabel('Amount').fill('42.50');
    await console.getByLabel('Merchant').fill(merchant);
    await console.getByRole('button', { name: 'Send authorisation' }).click();
    return console.getByTestId('authorisation-result');
  }

  it('applies for a card (the form words each rule)', async () => {
    const page = await customerPage();
    await page.goto('/cards?tab=add');
    await page.getByRole('heading', { level: 1, name: 'Cards' }).waitFor();
    await choose(page, 'Card type', 'Mastercard');
    await page.getByLabel('Credit limit').fill('750');
    await page.getByLabel('Social Security Number').fill('123-45-6789');
    await page.getByRole('button', { name: 'Apply for card' }).click();
    await page.getByText('Credit limit must be a multiple of $500').waitFor();
    await page.getByText('You must agree to the terms and conditions').waitFor();
    await screenshot(page, 'cards-apply-errors');
    await expectNoSeriousA11yViolations(page, 'cards: application with errors');
    await page.getByLabel('Credit limit').fill('2500');
    await page.getByLabel(/I agree to the card terms/).check();
    await page.getByRole('button', { name: 'Apply for card' }).click();
    await page.waitForURL((url) => url.pathname === '/cards' && !url.search.includes('tab=add'));
    await page.getByText('Awaiting approval').waitFor();
    await screenshot(page, 'cards-pending');
    await expectNoSeriousA11yViolations(page, 'cards: awaiting approval');
    await page.context().close();
  });

  it('is approved in the console', async () => {
    const console = await consolePage();
    await console.goto('/admin/#/cards');
    const row = console.locator('tbody tr', { hasText: 'Alex Rivera' }).first();
    await row.getByText('Pending').waitFor();
    await screenshot(console, 'admin-cards-pending');
    await expectNoSidewaysScroll(console, 'console: cards-pending list');
    await expectNoSeriousA11yViolations(console, 'console: cards');
    await row.getByRole('button', { name: 'Approve' }).click();
    await console.getByRole('button', { name: 'Confirm approval' }).waitFor();
    await expectNoSeriousA11yViolations(console, 'console: card approve dialog');
    await console.getByRole('button', { name: 'Confirm approval' }).click();
    await console.getByText('Card approved and issued').waitFor();
    await console.close();
  });

  it('is revealed to its owner with the PIN', async () => {
    const page = await customerPage();
    await page.goto('/cards');
    await page.getByRole('button', { name: 'Show card details' }).click();
    await page.getByLabel('Transaction PIN').fill('1234');
    await expectNoSeriousA11yViolations(page, 'cards: PIN dialog');
    await page.getByRole('button', { name: 'Show details' }).click();
    await page.getByTestId('card-cvv').waitFor();
    card = {
      cardNumber: (await page.getByTestId('card-number').innerText()).replace(/\s/g, ''),
      expiry: await page.getByTestId('card-expiry').innerText(),
      cvv: await page.getByTestId('card-cvv').innerText(),
    };
    expect(card.cardNumber).toMatch(/^(5[1-5]|2[2-7])\d{14}$/);
    expect(card.cvv).toMatch(/^\d{3}$/);
    await page.getByTestId('card-limit').getByText('$2,500.00').waitFor();
    await screenshot(page, 'cards-revealed-1280');
    await expectNoSeriousA11yViolations(page, 'cards: details shown');
    await page.getByRole('button', { name: 'Hide details' }).click();
    await page
      .getByTestId('card-number')
      .getByText(`•••• ${card.cardNumber.slice(-4)}`)
      .waitFor();
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const phone = await customerPage(375);
    await phone.goto('/cards');
    await phone.getByRole('button', { name: 'Show card details' }).waitFor();
    await screenshot(phone, 'cards-manage-375');
    await expectNoSeriousA11yViolations(phone, 'cards at 375 px');
    await phone.goto('/cards?tab=add');
    await phone.getByRole('button', { name: 'Apply for card' }).waitFor();
    await screenshot(phone, 'cards-apply-375');
    await expectNoSeriousA11yViolations(phone, 'card application at 375 px');
    await phone.context().close();
  });

  it("is charged through the console's card payment page", async () => {
    const console = await consolePage();
    const approved = await postCardPayment(console, 'Blue Bottle Coffee');
    await approved.getByText(/Approved: \$42\.50 held/).waitFor();
    await expectNoSeriousA11yViolations(console, 'console: card payment approved');
    await approved.getByRole('button', { name: 'Capture' }).click();
    await approved.getByText(/captured \$42\.50/).waitFor();
    await console.close();
  });

  it("is frozen and unfrozen by staff in the console, the button following the server's answer", async () => {
    const console = await consolePage();
    await console.goto(`/admin/#/cards?filter=${encodeURIComponent(JSON.stringify({ status: 'active' }))}`);
    const row = console.locator('tbody tr', { hasText: 'Alex Rivera' }).first();
    await row.getByRole('button', { name: 'Freeze', exact: true }).waitFor();
    // The list's refresh after the action is held back: until it comes, the button must already offer the other action.
    const isCardList = (url: URL) => url.pathname === '/v1/admin/cards';
    let releaseRefresh = () => {};
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    await console.route(isCardList, async (route) => {
      await refreshHeld;
      await route.continue();
    });
    await row.getByRole('button', { name: 'Freeze', exact: true }).click();
    await console.getByText('Card frozen', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Unfreeze', exact: true }).waitFor({ timeout: 2000 });
    const refreshed = console.waitForResponse((response) => isCardList(new URL(response.url())));
    releaseRefresh();
    await refreshed;
    await console.unroute(isCardList);
    await row.getByRole('button', { name: 'Unfreeze', exact: true }).click();
    await console.getByText('Card unfrozen', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Freeze', exact: true }).waitFor();
    await console.close();
  });

  it('is frozen by its owner, and the next payment is declined', async () => {
    const page = await customerPage();
    await page.goto('/cards');
    await page.getByTestId('card-owed').getByText('$42.50').waitFor();
    await page.getByTestId('card-activity').getByText('Blue Bottle Coffee').waitFor();
    await page.getByRole('button', { name: 'Freeze card', exact: true }).click();
    await page.getByText('Card frozen', { exact: true }).waitFor();
    await page.getByTestId('card-state').getByText('Frozen').waitFor();
    await screenshot(page, 'cards-frozen');
    await expectNoSeriousA11yViolations(page, 'cards: frozen card');

    const console = await consolePage();
    const declined = await postCardPayment(console, 'Corner Shop');
    await declined.getByText(/Declined: the card is frozen/).waitFor();
    await screenshot(console, 'admin-card-payment-declined');
    await expectNoSeriousA11yViolations(console, 'console: card payment declined');
    await page.reload();
    await page.getByTestId('card-activity').getByText('declined: card frozen').waitFor();
    // The cards' reload after a toggle can come late: the button must already offer the other action by then, or a
    // second click sends the first one again. The reload is held back until the button has been read.
    let releaseReload = () => {};
    const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve));
    await page.route('**/v1/card', async (route) => {
      await reloadHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Unfreeze card', exact: true }).click();
    await page.getByText('Card unfrozen', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Freeze card', exact: true }).waitFor({ timeout: 2000 });
    expect(await page.getByRole('button', { name: 'Unfreeze card', exact: true }).count()).toBe(0);
    const reloaded = page.waitForResponse((response) => response.url().endsWith('/v1/card') && response.request().method() === 'GET');
    releaseReload();
    await reloaded;
    await page.unroute('**/v1/card');
    // Freezing again at once replaces 'Card unfrozen' (shown for 4 s otherwise), and unfreezing replaces 'Card frozen'.
    await page.getByRole('button', { name: 'Freeze card', exact: true }).click();
    await page.getByText('Card frozen', { exact: true }).waitFor();
    await page.getByText('Card unfrozen', { exact: true }).waitFor({ state: 'detached', timeout: 1500 });
    expect(await page.getByText('Card frozen', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Unfreeze card', exact: true }).click();
    await page.getByText('Card unfrozen', { exact: true }).waitFor();
    await page.getByText('Card frozen', { exact: true }).waitFor({ state: 'detached', timeout: 1500 });
    expect(await page.getByText('Card unfrozen', { exact: true }).isVisible()).toBe(true);
    await console.close();
    await page.context().close();
  });

  it('freezes everything in one step: a banner, and a transfer refused', async () => {
    const page = await customerPage();
    await page.goto('/cards');
    await page.getByRole('button', { name: 'Freeze everything' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Freeze everything' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'cards: freeze everything dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Freeze everything' }).click();
    await page.getByTestId('banner-frozen').waitFor();

    // One toast says whether everything is frozen: unfreezing at once replaces 'Everything is frozen' (shown for 4 s
    // otherwise), and freezing again replaces 'Your account is unfrozen'. Checked before anything slow (the
    // accessibility checks took longer than a toast lasts on a slow machine).
    const frozenToast = page.getByText('Everything is frozen: your cards and outgoing payments are stopped');
    const unfrozenToast = page.getByText('Your account is unfrozen');
    await frozenToast.waitFor();
    await page.getByTestId('banner-frozen').getByRole('button', { name: 'Unfreeze' }).click();
    await page.getByRole('dialog').getByLabel('Password').fill('Demo@2026!');
    await page.getByRole('dialog').getByLabel('Transaction PIN').fill('1234');
    await page.getByRole('dialog').getByRole('button', { name: 'Unfreeze' }).click();
    await unfrozenToast.waitFor();
    await frozenToast.waitFor({ state: 'detached', timeout: 1500 });
    expect(await unfrozenToast.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Freeze everything' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Freeze everything' }).click();
    await frozenToast.waitFor();
    await unfrozenToast.waitFor({ state: 'detached', timeout: 1500 });
    expect(await frozenToast.isVisible()).toBe(true);
    await page.getByTestId('banner-frozen').waitFor();
    await page.getByText('Freeze everything is on: this card declines every payment.').waitFor();
    await screenshot(page, 'cards-freeze-everything');
    await expectNoSeriousA11yViolations(page, 'cards: everything frozen');

    await page.goto('/transfers');
    await page.getByTestId('banner-frozen').waitFor();
    await page.getByLabel('Recipient account number').fill('1000000002');
    await page.getByTestId('recipient-name').waitFor();
    await page.getByLabel('Amount').fill('5.00');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Transaction PIN').fill('1234');
    await page.getByRole('button', { name: 'Send money' }).click();
    await page.getByText('Your account is frozen. Unfreeze it in the app to send money.').first().waitFor();
    await screenshot(page, 'transfer-refused-frozen');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('banner-frozen').getByRole('button', { name: 'Unfreeze' }).click();
    await page.getByRole('dialog').getByLabel('Password').fill('Demo@2026!');
    // A wrong PIN first: the refusal says how many tries are left (a right PIN then starts them again).
    await page.getByRole('dialog').getByLabel('Transaction PIN').fill('9999');
    await page.getByRole('dialog').getByRole('button', { name: 'Unfreeze' }).click();
    await page.getByRole('dialog').getByText(WRONG_PIN_REFUSALS[0]).waitFor();
    await page.getByRole('dialog').getByLabel('Transaction PIN').fill('1234');
    await expectNoSeriousA11yViolations(page, 'unfreeze dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Unfreeze' }).click();
    await page.getByText('Your account is unfrozen').waitFor();
    await page.getByTestId('banner-frozen').waitFor({ state: 'detached' });

    const phone = await customerPage(375);
    await phone.goto('/dashboard');
    await phone.getByTestId('cards-count').getByText('1').waitFor();
    await phone.context().close();
    await page.context().close();
  });

  // Last in this suite: it leaves the demo customer's payments locked and everything frozen.
  it('stops taking a PIN in the card and unfreeze dialogs once wrong PINs lock payments', async () => {
    const page = await customerPage();
    await page.goto('/cards');
    await page.getByRole('button', { name: 'Show card details' }).click();
    const dialog = page.getByRole('dialog');
    const show = dialog.getByRole('button', { name: 'Show details' });
    // A refused PIN is emptied from the field, to be typed again (as in the transfer dialogs).
    const pinEmptied = async () => {
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[role="dialog"] input[type="password"]')?.value === '');
    };
    await lockPaymentsWithWrongPins(dialog, show, pinEmptied);
    expect(await show.isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Transaction PIN').isDisabled()).toBe(true);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await screenshot(page, 'cards-pin-locked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Unfreezing needs the PIN too: the right one is refused with the lock, and the dialog stops taking it.
    await page.getByRole('button', { name: 'Freeze everything' }).click();
    await dialog.getByRole('button', { name: 'Freeze everything' }).click();
    await page.getByTestId('banner-frozen').getByRole('button', { name: 'Unfreeze' }).click();
    await dialog.getByLabel('Password').fill('Demo@2026!');
    await dialog.getByLabel('Transaction PIN').fill('1234');
    const unfreeze = dialog.getByRole('button', { name: 'Unfreeze' });
    await unfreeze.click();
    await dialog.getByText(PAYMENTS_LOCKED).waitFor();
    expect(await unfreeze.isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Transaction PIN').isDisabled()).toBe(true);
    await page.context().close();
  });
});
