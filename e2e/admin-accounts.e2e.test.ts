import type { BrowserContext, Page } from 'playwright-core';
import { newContext, screenshot } from './helpers/browser';
import { signInStaff } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { latestMail } from './helpers/mail';

// The demo customer's primary account (docs/decisions/0062-accounts.md: their sign-in number is its number).
const DEMO = { number: '1000000001', grouped: '1000 0000 01', email: 'demo@strongroom.local', owner: 'Alex Rivera' };
const STEP_TIMEOUT_MS = 45_000;
jest.setTimeout(180_000);

describe('console: accounts', () => {
  const ctx = useServerAndBrowser();

  // The admin signs in once for the file: the server takes each authenticator code once, so a second sign-in within
  // the same half-minute would wait for the next code.
  let staffContext: BrowserContext | undefined;
  async function consolePage(): Promise<Page> {
    const signedIn = staffContext !== undefined;
    staffContext ??= await newContext(ctx.browser(), ctx.server().baseUrl);
    staffContext.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await staffContext.newPage();
    await page.goto('/admin/');
    if (!signedIn) await signInStaff(page, ctx.server().dataDir);
    await page.getByRole('heading', { name: 'Waiting for a decision' }).waitFor();
    return page;
  }

  it('finds an account by its first digits, freezes it with a reason for the owner, and unfreezes it', async () => {
    const page = await consolePage();
    await page.getByRole('menuitem', { name: 'Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByLabel('Account number (or its first digits)').fill(DEMO.number.slice(0, 9));
    const row = page.getByRole('row').filter({ hasText: DEMO.grouped });
    await row.waitFor();
    await screenshot(page, 'console-accounts-list-1280');
    await expectNoSeriousA11yViolations(page, 'console: accounts list');

    await row.getByRole('cell').first().click();
    await page.getByRole('heading', { level: 1, name: new RegExp(DEMO.grouped) }).waitFor();
    await page.getByRole('heading', { name: 'Holders' }).waitFor();
    await page.getByRole('heading', { name: 'Latest transactions' }).waitFor();

    // The reason is required: the dialog says so before anything is sent.
    await page.getByRole('button', { name: 'Freeze', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Freeze account ${DEMO.grouped}`) });
    await dialog.getByLabel('Reason (sent to the owner)').fill('x');
    await dialog.getByLabel('Reason (sent to the owner)').blur();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel('Reason (sent to the owner)').fill('Card fraud reported by phone');
    await dialog.getByRole('button', { name: 'Freeze account' }).click();
    await page.getByText('Account frozen').first().waitFor();
    await page.getByRole('button', { name: 'Unfreeze', exact: true }).waitFor();
    await page.getByText('Card fraud reported by phone').first().waitFor();
    await screenshot(page, 'console-account-frozen-1280');
    await expectNoSeriousA11yViolations(page, 'console: a frozen account');
    const mail = await latestMail(ctx.server().dataDir, DEMO.email);
    expect(mail).toContain('Reason: Card fraud reported by phone');

    await page.getByRole('button', { name: 'Unfreeze', exact: true }).click();
    const unfreeze = page.getByRole('dialog', { name: new RegExp(`Unfreeze account ${DEMO.grouped}`) });
    await unfreeze.getByLabel('Reason (sent to the owner)').fill('Customer identified at the branch');
    await unfreeze.getByRole('button', { name: 'Unfreeze account' }).click();
    await page.getByRole('button', { name: 'Freeze', exact: true }).waitFor();
    // Both changes are in the account's status history, with the reasons given.
    await page.getByText('Reason: Customer identified at the branch').waitFor();
    await page.getByText('Reason: Card fraud reported by phone').waitFor();

    // The owner's customer page lists the accounts they hold, each opening its account page.
    await page.getByRole('link', { name: DEMO.owner }).click();
    const held = page.getByRole('row').filter({ hasText: DEMO.grouped });
    await held.getByText('Owner').waitFor();
    await screenshot(page, 'console-customer-accounts-1280');
    await held.getByRole('cell').first().click();
    await page.getByRole('heading', { level: 1, name: new RegExp(DEMO.grouped) }).waitFor();
  });

  it('decides a business account application from the review queue', async () => {
    // The demo payee asks for a business account (through the API, as the customer app does).
    const base = ctx.server().baseUrl;
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-mode': 'bearer' },
      body: JSON.stringify({ accountNumber: '1000000002', password: 'Payee@2026!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const opened = await fetch(`${base}/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ product: 'business', currency: 'USD', name: 'Lee Carpentry' }),
    });
    expect(opened.status).toBe(201);

    const page = await consolePage();
    await page.getByTestId('queue-accounts').filter({ hasText: /^1$/ }).waitFor();
    await page.getByTestId('queue-accounts').click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    // The list keeps the filter this member last typed (react-admin's store): the search above.
    await page.getByLabel('Account number (or its first digits)').fill('');
    const row = page.getByRole('row').filter({ hasText: 'Lee Carpentry' });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve this business account application?' }).getByText('Lee Carpentry (USD').waitFor();
    await page.getByRole('button', { name: 'Confirm approval' }).click();
    await page.getByText('Account approved and opened').waitFor();
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Freeze' }).waitFor();
  });
});
