import type { Page } from 'playwright-core';
import { choose, expectNoSidewaysScroll, newContext, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

// The seeded customers (server seed): the demo customer, with money in a USD checking account, and a second one.
const DEMO = { accountNumber: '1000000001', password: 'Demo@2026!', pin: '1234' };
const SECOND = { accountNumber: '1000000002', password: 'Payee@2026!', pin: '4321' };

/** The row of the Accounts page that names `name`. */
const accountRow = (p: Page, name: string) => p.getByTestId('account-row').filter({ hasText: name });

/** Moves `amount` on /move-money between the accounts whose option text matches `from` and `to`, up to the quote. */
async function quoteMove(p: Page, from: RegExp, to: RegExp, amount: string): Promise<void> {
  await p.goto('/move-money');
  await choose(p, p.getByLabel('From', { exact: true }), from);
  await choose(p, p.getByLabel('To', { exact: true }), to);
  await p.getByLabel(/^Amount/).fill(amount);
  await p.getByRole('button', { name: 'Review' }).click();
  await p.getByTestId('own-quote').waitFor();
}

/** Confirms the quoted move, with the PIN when the page asks for one. */
async function confirmMove(p: Page, pin: string): Promise<void> {
  const pinField = p.getByTestId('own-quote').getByLabel('Transaction PIN');
  if (await pinField.count()) await pinField.fill(pin);
  await p
    .getByTestId('own-quote')
    .getByRole('button', { name: /^Move / })
    .click();
}

describe('accounts: several accounts, shared accounts, moving money between them', () => {
  const ctx = useServerAndBrowser();
  /** The EUR account the first journey opens, which the others use. */
  let holidaysNumber = '';

  async function page(): Promise<Page> {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    return context.newPage();
  }

  it('opens a EUR account, shows its number to copy, and moves money into it at the quoted rate', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Accounts' }).click();
    await p.waitForURL('**/accounts');
    await accountRow(p, 'Primary').waitFor();
    await expectNoSeriousA11yViolations(p, 'accounts');

    await p.getByRole('button', { name: 'Open an account' }).click();
    const dialog = p.getByRole('dialog');
    await choose(p, dialog.getByLabel('Kind of account'), 'Savings');
    await choose(p, dialog.getByLabel('Currency'), 'EUR');
    await dialog.getByLabel('Name (optional)').fill('Holidays');
    await screenshot(p, 'accounts-open-form');
    await expectNoSeriousA11yViolations(p, 'accounts: open an account');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    const number = (await dialog.getByTestId('new-account-number').textContent())!;
    expect(number).toMatch(/^\d{10}$/);
    holidaysNumber = number;
    await dialog.getByRole('button', { name: 'Copy account number' }).click();
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(number);
    await screenshot(p, 'accounts-opened');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await accountRow(p, 'Holidays').getByText('€0.00').waitFor();
    await screenshot(p, 'accounts-page');

    // From the USD primary into the EUR account: the rate and the euros credited are shown before anything moves.
    await quoteMove(p, /^Current account · 0001/, /^Holidays/, '100.00');
    const quote = p.getByTestId('own-quote');
    await quote.getByText(/^1 USD = \d+\.\d{4} EUR$/).waitFor();
    const credited = (await quote.locator('dd').last().textContent())!;
    expect(credited).toMatch(/^€\d+\.\d{2}$/);
    await screenshot(p, 'move-money-quote');
    await expectNoSeriousA11yViolations(p, 'move money: quote');
    const keys: string[] = [];
    p.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/transfer/own') keys.push(r.headers()['idempotency-key']);
    });
    await confirmMove(p, DEMO.pin);
    await p.getByTestId('move-done').waitFor();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await screenshot(p, 'move-money-done');

    await p.goto('/accounts');
    await accountRow(p, 'Holidays').getByText(credited).waitFor();
    // Totals stay per currency: the dollars and the euros are never added up.
    await p.getByTestId('total-EUR').getByText(credited).waitFor();
    await p.getByTestId('total-USD').waitFor();

    // The details page: the number and the details a payer needs, copied in one go.
    await accountRow(p, 'Holidays').click();
    await p.getByTestId('account-number').getByText(number).waitFor();
    await p.getByRole('button', { name: 'Copy all payment details' }).click();
    const copied = await p.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`Account number: ${number}`);
    expect(copied).toContain('Currency: EUR');
    await screenshot(p, 'account-details');
    await expectNoSeriousA11yViolations(p, 'account details');
  });

  it('fits a phone: the switcher, the accounts and moving money at 375 px', async () => {
    const p = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width: 375, height: 760 })).newPage();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    for (const path of ['/dashboard', '/accounts', '/move-money']) {
      await p.goto(path);
      await p.getByTestId('account-switcher').waitFor({ state: 'attached' });
      await p.getByRole('heading', { level: 1 }).waitFor();
      await expectNoSidewaysScroll(p, path);
    }
    await screenshot(p, 'move-money-375');
  });

  it('keeps the chosen account in the URL across pages', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/accounts');
    await accountRow(p, 'Holidays').waitFor();
    await choose(p, p.getByLabel('Account', { exact: true }), /^Holidays/);
    const id = new URL(p.url()).searchParams.get('account');
    expect(id).toBeTruthy();
    await p.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await p.waitForURL(`**/dashboard?account=${id}`);
    // The dashboard shows the chosen account's figures, and the totals per currency across all of them.
    await p.getByTestId('balance-account-number').getByText(holidaysNumber).waitFor();
    await p.getByTestId('balance-card').getByText('Savings Account').waitFor();
    await p.getByTestId('currency-totals').waitFor();
    await screenshot(p, 'dashboard-chosen-account');
    // Its transactions are the chosen account's only: the one move into it.
    await p.getByTestId('recent-transactions').getByRole('link', { name: 'View all' }).click();
    await p.waitForURL(`**/transactions?account=${id}`);
    // The dashboard's rows are gone once the list's heading shows: the rows then are the list's.
    await p.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await p.getByTestId('transaction-row').first().waitFor();
    expect(await p.getByTestId('transaction-row').count()).toBe(1);
    await p.reload();
    await p.getByTestId('account-switcher').waitFor({ state: 'attached' });
    expect(await p.getByLabel('Account', { exact: true }).textContent()).toContain('Holidays');
  });

  it('invites a family member who accepts, pays within the limit, and is told plainly when the limit stops them', async () => {
    const owner = await page();
    await signIn(owner, DEMO.accountNumber, DEMO.password);
    await owner.goto('/accounts');
    await accountRow(owner, 'Holidays').click();
    await owner.getByTestId('holders').getByRole('button', { name: 'Invite' }).click();
    const invite = owner.getByRole('dialog');
    await invite.getByLabel('Their account number').fill(SECOND.accountNumber);
    await choose(owner, invite.getByLabel('Role'), 'Family member');
    await invite.getByLabel(/^Daily limit/).fill('20.00');
    await expectNoSeriousA11yViolations(owner, 'account details: invite');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.waitFor({ state: 'hidden' });
    await owner.getByTestId('holder-row').filter({ hasText: 'Jordan L.' }).getByText('Invited').waitFor();
    await owner.getByTestId('holder-row').filter({ hasText: 'Family member · limit €20.00 a day' }).waitFor();

    const member = await page();
    await signIn(member, SECOND.accountNumber, SECOND.password);
    await member.goto('/accounts');
    await member.getByTestId('invitations').waitFor();
    await screenshot(member, 'accounts-invitation');
    await expectNoSeriousA11yViolations(member, 'accounts: invitation');
    await member
      .getByTestId('invitations')
      .getByRole('button', { name: /^Accept/ })
      .click();
    await accountRow(member, 'Holidays').getByTestId('account-role').getByText('Family member').waitFor();

    // The family member sees the account and its limit, and nothing to close or share it.
    await accountRow(member, 'Holidays').click();
    await member.getByTestId('dependant-limit').waitFor();
    expect(await member.getByRole('button', { name: 'Close account' }).count()).toBe(0);
    expect(await member.getByTestId('holders').count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Rename' }).count()).toBe(0);

    await quoteMove(member, /^Holidays/, /· 0002/, '15.00');
    await confirmMove(member, SECOND.pin);
    await member.getByTestId('move-done').waitFor();

    // €5.00 is left of the day's €20.00: the quote is shown, and confirming says the limit stops it.
    await quoteMove(member, /^Holidays/, /· 0002/, '10.00');
    await member.getByTestId('dependant-limit').getByText('€5.00 is left today').waitFor();
    await confirmMove(member, SECOND.pin);
    await member
      .getByTestId('move-refusal')
      .getByText(/daily limit of €20\.00/)
      .waitFor();
    await screenshot(member, 'move-money-over-limit');
  });

  it("lets the owner raise a family member's limit, after which they can pay more, and remove them", async () => {
    const owner = await page();
    await signIn(owner, DEMO.accountNumber, DEMO.password);
    await owner.goto('/accounts');
    await accountRow(owner, 'Holidays').click();
    await owner.getByRole('button', { name: 'Change limit for Jordan L.' }).click();
    const limit = owner.getByRole('dialog');
    await limit.getByLabel(/^Daily limit/).fill('30.00');
    await limit.getByRole('button', { name: 'Save limit' }).click();
    await limit.waitFor({ state: 'hidden' });
    await owner.getByTestId('holder-row').filter({ hasText: 'limit €30.00 a day' }).waitFor();

    const member = await page();
    await signIn(member, SECOND.accountNumber, SECOND.password);
    await quoteMove(member, /^Holidays/, /· 0002/, '10.00');
    await confirmMove(member, SECOND.pin);
    await member.getByTestId('move-done').waitFor();

    await owner.getByRole('button', { name: 'Remove Jordan L.' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await owner.getByTestId('holder-row').filter({ hasText: 'Jordan L.' }).waitFor({ state: 'detached' });
    await member.goto('/accounts');
    await accountRow(member, 'Current account').waitFor();
    expect(await accountRow(member, 'Holidays').count()).toBe(0);
  });

  it('opens a business account, which waits for approval', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/accounts');
    await p.getByRole('button', { name: 'Open an account' }).click();
    const dialog = p.getByRole('dialog');
    await choose(p, dialog.getByLabel('Kind of account'), 'Business');
    await dialog.getByRole('button', { name: 'Open account' }).click();
    await dialog.getByRole('heading', { name: 'Application received' }).waitFor();
    await dialog.getByText('waiting for approval').waitFor();
    await screenshot(p, 'accounts-business-waiting');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await accountRow(p, 'Business account').getByText('Pending').waitFor();

    // Renamed on its page: the new name is what the list and the switcher show.
    await accountRow(p, 'Business account').click();
    await p.getByRole('button', { name: 'Rename' }).click();
    await p.getByRole('dialog').getByLabel('Account name').fill('Bakery');
    await p.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await p.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
    await p.getByRole('link', { name: 'All accounts' }).click();
    await accountRow(p, 'Bakery').getByText('Pending').waitFor();
  });

  it('closes an account with money in it, sweeping the balance into another account in its currency', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/accounts');
    const held = (await accountRow(p, 'Holidays').getByTestId('account-balance').textContent())!;
    await p.getByRole('button', { name: 'Open an account' }).click();
    const open = p.getByRole('dialog');
    await choose(p, open.getByLabel('Currency'), 'EUR');
    await open.getByLabel('Name (optional)').fill('Travel');
    await open.getByRole('button', { name: 'Open account' }).click();
    await open.getByTestId('new-account-number').waitFor();
    await open.getByRole('button', { name: 'Done' }).click();

    await accountRow(p, 'Holidays').click();
    await p.getByRole('button', { name: 'Close account' }).click();
    const dialog = p.getByRole('dialog');
    await dialog
      .getByLabel('Move the balance to')
      .getByText(/^Travel/)
      .waitFor();
    await screenshot(p, 'account-close-sweep');
    await expectNoSeriousA11yViolations(p, 'account details: close');
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await p.waitForURL('**/accounts');
    await accountRow(p, 'Travel').getByText(held).waitFor();
    await accountRow(p, 'Holidays').getByText('Closed').waitFor();
    // Closed: no longer offered as a place to move money.
    await p.goto('/move-money');
    await p.getByLabel('From', { exact: true }).click();
    await p.getByRole('option').first().waitFor();
    expect(await p.getByRole('option', { name: /^Holidays/ }).count()).toBe(0);
  });

  it('says why the primary account cannot close while others are open', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/accounts');
    await accountRow(p, 'Current account').click();
    await p.getByRole('button', { name: 'Close account' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText('This is your primary account').waitFor();
    await dialog.getByLabel('Move the balance to').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await dialog.getByTestId('close-refusal').getByText('Your primary account closes last').waitFor();
    await screenshot(p, 'account-close-refused');
  });
});
