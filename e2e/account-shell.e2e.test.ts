import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, newContext, screenshot, signIn } from './helpers/browser';
import { accountNumberIn, latestMail } from './helpers/mail';
import { staffBearerToken } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

// The seeded customers (server seed): the demo customer with booked history, and a second one.
const DEMO = { accountNumber: '1000000001', password: 'Demo@2026!', name: 'Alex Morgan Rivera', email: 'demo@strongroom.local', balance: '$13,913.90' };
const SECOND = { accountNumber: '1000000002', password: 'Payee@2026!' };
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('signed-in customer: shell, dashboard, profile and settings', () => {
  const ctx = useServerAndBrowser();
  const page = async (viewport?: { width: number; height: number }): Promise<Page> => (await newContext(ctx.browser(), ctx.server().baseUrl, viewport)).newPage();

  it('shows the greeting, the balance from the ledger with hide/show, the flows, quick actions and the 3 latest transactions', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.getByTestId('greeting').getByText(DEMO.name).waitFor();
    await p.getByTestId('topbar-name').getByText(DEMO.name).waitFor();
    const balance = p.getByTestId('balance-amount');
    await balance.getByText(DEMO.balance).waitFor();
    await p.getByTestId('balance-card').getByText('Checking Account').waitFor();
    await p.getByTestId('balance-account-number').getByText(DEMO.accountNumber).waitFor();

    await p.getByRole('button', { name: 'Hide balance' }).click();
    expect(await balance.textContent()).toBe('********');
    await p.getByRole('button', { name: 'Show balance' }).click();
    await balance.getByText(DEMO.balance).waitFor();

    // Flows come from the server's summary: money figures, never the '—' of an unknown value.
    expect(await p.getByTestId('inflow-value').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(await p.getByTestId('outflow-value').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    // Each flow's trend names the days of last month it compares with, whether they held anything or not.
    for (const flow of ['inflow', 'outflow']) {
      expect(await p.getByTestId(`${flow}-trend`).textContent()).toMatch(/^(?:[+-]?\d+(?:\.\d)?% vs [A-Z][a-z]+ 1(?:-\d{1,2})?|Nothing in [A-Z][a-z]+ 1(?:-\d{1,2})? to compare with)$/);
    }
    await p.getByTestId('flow-chart').locator('svg').first().waitFor();
    expect(await p.getByTestId('transaction-row').count()).toBe(3);
    expect(await p.getByRole('link', { name: 'Add card' }).getAttribute('href')).toBe('/cards?tab=add');
    expect(await p.title()).toBe('Dashboard · Strongroom Bank');
    await screenshot(p, 'account-shell-dashboard');
    await expectNoSeriousA11yViolations(p, 'dashboard');

    await p.getByTestId('recent-transactions').getByRole('link', { name: 'View all' }).click();
    await p.waitForURL('**/transactions');
  });

  it('shows an error state, not invented figures, when the dashboard summary cannot be fetched, and recovers on Retry', async () => {
    const p = await page();
    await p.route('**/v1/dashboard/summary?*', (route) => route.abort('failed'));
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.getByTestId('dashboard-error').getByText('We could not load your latest figures').waitFor();
    expect(await p.getByTestId('inflow-value').textContent()).toBe('—');
    expect(await p.getByTestId('outflow-value').textContent()).toBe('—');
    expect(await p.getByText('No transactions found').count()).toBe(0);
    await screenshot(p, 'account-shell-dashboard-error');

    await p.unroute('**/v1/dashboard/summary?*');
    await p.getByRole('button', { name: 'Retry' }).click();
    await p.getByTestId('transaction-row').first().waitFor();
    expect(await p.getByTestId('dashboard-error').count()).toBe(0);
    expect(await p.getByTestId('inflow-value').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
  });

  it("offers a reload, not a blank screen, when a page's code cannot be fetched (after a release), and the reload works", async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.route('**/assets/FeesPage-*.js', (route) => route.abort('failed'));
    await p.goto('/fees');
    const alert = p.getByRole('alert');
    await alert.getByText('Strongroom has been updated').waitFor();
    await alert.getByText('You stay signed in.', { exact: false }).waitFor();
    await screenshot(p, 'account-shell-crash-page');

    await p.unroute('**/assets/FeesPage-*.js');
    await p.getByRole('button', { name: 'Reload page' }).click();
    await p.getByRole('heading', { name: 'Fees', level: 1 }).waitFor();
    expect(await p.getByRole('alert').count()).toBe(0);
    await p.getByText('Currency conversion').waitFor();
    await expectNoSeriousA11yViolations(p, 'fees');
  });

  it('edits the profile as multipart with a picture, ignores a non-image file, and keeps the change after a reload', async () => {
    const p = await page();
    await signIn(p, SECOND.accountNumber, SECOND.password);
    await p.goto('/profile');
    await p.getByRole('tab', { name: 'Personal', selected: true }).waitFor();
    await p.getByRole('button', { name: 'Edit profile' }).click();
    await p.getByLabel('City').fill('X');
    await p.getByRole('button', { name: 'Save changes' }).click();
    await p.getByText('City must be at least 2 characters').waitFor();

    const input = p.getByTestId('profile-image-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await p.getByText('JPG, PNG or WEBP, up to 5 MB').waitFor(); // a picture that is not an image, or too large, is silently ignored
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
    await p.getByText('me.png will be saved with your changes').waitFor();

    await p.getByLabel('City').fill('Berkeley');
    const put = p.waitForRequest((r) => r.url().endsWith('/v1/user/profile') && r.method() === 'PUT');
    await p.getByRole('button', { name: 'Save changes' }).click();
    expect((await put).headers()['content-type']).toMatch(/^multipart\/form-data/);
    await p.getByText('Profile updated successfully').waitFor();
    await p.getByRole('button', { name: 'Edit profile' }).waitFor();
    await p.getByText('Berkeley').waitFor();
    const avatarImg = p.getByRole('banner').locator('img');
    expect(await avatarImg.getAttribute('src')).toMatch(/^\/v1\/files\//);

    await p.reload();
    await p.getByText('Berkeley').waitFor();
    await screenshot(p, 'account-shell-profile-personal');
    await expectNoSeriousA11yViolations(p, 'profile: personal');
  });

  it('keeps notification preferences across a reload and persists dark mode', async () => {
    const p = await page();
    await signIn(p, SECOND.accountNumber, SECOND.password);
    await p.goto('/profile');
    await p.getByRole('tab', { name: 'Notifications' }).click();
    await p.waitForURL(/tab=notifications/);
    const marketing = p.getByRole('switch', { name: 'Marketing e-mails' });
    const lowBalance = p.getByRole('switch', { name: 'Low balance alerts' });
    await marketing.waitFor();
    expect(await marketing.isChecked()).toBe(false);
    expect(await lowBalance.isChecked()).toBe(true);
    await marketing.check();
    await lowBalance.uncheck();
    await p.getByRole('button', { name: 'Save preferences' }).click();
    await p.getByText('Notification settings updated!').waitFor();
    await p.reload();
    await p.getByRole('switch', { name: 'Marketing e-mails' }).waitFor();
    expect(await p.getByRole('switch', { name: 'Marketing e-mails' }).isChecked()).toBe(true);
    expect(await p.getByRole('switch', { name: 'Low balance alerts' }).isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(p, 'profile: notifications');

    await p.getByRole('button', { name: 'Toggle dark mode' }).click();
    expect(await p.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await p.reload();
    await p.getByRole('switch', { name: 'Marketing e-mails' }).waitFor();
    expect(await p.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)');
    await screenshot(p, 'account-shell-profile-notifications-dark');
    await expectNoSeriousA11yViolations(p, 'profile: notifications, dark');
    await p.goto('/dashboard');
    await p.getByTestId('balance-amount').waitFor();
    await p.getByTestId('transaction-row').first().waitFor();
    await screenshot(p, 'account-shell-dashboard-dark');
    await expectNoSeriousA11yViolations(p, 'dashboard dark');
    await p.goto('/transactions');
    await p.getByTestId('transaction-row').first().waitFor();
    await expectNoSeriousA11yViolations(p, 'transactions dark');
  });

  it('changes the password under the password policy, then signs in with the new one and not the old one', async () => {
    const p = await page();
    await signIn(p, SECOND.accountNumber, SECOND.password);
    await p.goto('/profile?tab=security');
    await p.getByLabel('Current password').waitFor();
    await expectNoSeriousA11yViolations(p, 'profile: security');
    await p.getByLabel('Current password').fill(SECOND.password);
    await p.getByLabel('New password', { exact: true }).fill('Password1!');
    await p.getByLabel('Confirm new password').fill('different');
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByText('Use 12 or more characters, or a less guessable password').waitFor();
    await p.getByText("Passwords don't match").waitFor();
    await p.getByLabel('New password', { exact: true }).fill('Jordan river 2027');
    await p.getByLabel('Confirm new password').fill('Jordan river 2027');
    await p.getByRole('button', { name: 'Change password' }).click();
    await p
      .getByTestId('password-changed')
      .getByText(/other sessions were signed out/)
      .waitFor();
    await screenshot(p, 'account-shell-profile-security');

    const fresh = await page();
    await fresh.goto('/auth/login');
    await fresh.getByLabel('Account Number').fill(SECOND.accountNumber);
    await fresh.getByLabel('Password', { exact: true }).fill(SECOND.password);
    await fresh.getByRole('button', { name: 'Submit' }).click();
    await fresh.getByText('Invalid account number or password').first().waitFor();
    expect(fresh.url()).toContain('/auth/login');
    await signIn(fresh, SECOND.accountNumber, 'Jordan river 2027');
  });

  it('opens the 70% slide-in menu at 375 px without sideways scrolling', async () => {
    const p = await page({ width: 375, height: 760 });
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.getByTestId('balance-amount').getByText(DEMO.balance).waitFor();
    expect(await p.getByTestId('topbar-name').isVisible()).toBe(true);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(p, 'account-shell-dashboard-375');
    await expectNoSeriousA11yViolations(p, 'dashboard at 375 px');

    await p.getByRole('button', { name: 'Open menu' }).click();
    const nav = p.getByRole('navigation', { name: 'Main menu' });
    await nav.getByText('Crypto Currency').waitFor();
    const box = await p.locator('.MuiDrawer-paper').boundingBox();
    expect(Math.abs(box!.width - 375 * 0.7)).toBeLessThanOrEqual(1); // 70% of the viewport, give or take pixel rounding
    await p.screenshot({ path: join(SCREENSHOT_DIR, 'account-shell-menu-375.png') }); // the viewport, with the drawer over it
    await expectNoSeriousA11yViolations(p, 'menu at 375 px');
    await nav.getByText('Transactions').click();
    await p.waitForURL('**/transactions');
    await p.getByTestId('transaction-row').first().waitFor();
    await nav.waitFor({ state: 'hidden' });
  });

  it('shows the account menu with the e-mail, logs out with a toast, and the session is gone', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.getByRole('button', { name: 'Account menu' }).click();
    await p.getByTestId('account-menu-email').getByText(DEMO.email).waitFor();
    for (const name of ['Profile', 'Cards', 'Loans']) await p.getByRole('menuitem', { name }).waitFor();
    await screenshot(p, 'account-shell-account-menu');
    await expectNoSeriousA11yViolations(p, 'account menu open');
    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL('**/auth');
    await p.getByText('Logged out successfully').waitFor();
    expect((await p.request.get('/v1/auth/check')).status()).toBe(401);
    await p.goto('/dashboard');
    await p.waitForURL('**/auth');
  });

  // Every product in the menu is open now (crypto was the last "Coming soon" page): e2e/crypto.e2e.test.ts covers it.
  it('asks whether the customer is still there before the idle sign-out, stays on request, and signs out saying why when unanswered', async () => {
    const p = await page();
    // The browser's clock is ours to move (the server's is real): its idle warning counts from the last call that
    // reached the server (docs/decisions/0052).
    await p.clock.install();
    // The demo customer: the second one's password is changed by a journey above.
    await signIn(p, DEMO.accountNumber, DEMO.password);
    // The dashboard's own calls reach the server too: the clock counts from the last of them (the summary's flows).
    await p.getByTestId('inflow-value').getByText(/^\$/).waitFor();
    await p.waitForLoadState('networkidle');
    await p.clock.fastForward('13:40');
    const dialog = p.getByRole('dialog', { name: 'Are you still there?' });
    await dialog.getByText(/^For your security we will sign you out in \d+ seconds\.$/).waitFor();
    await expectNoSeriousA11yViolations(p, 'idle warning');
    await screenshot(p, 'idle-warning');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(p.url()).toContain('/dashboard');

    // Unanswered this time: the app signs out itself, and the sign-in page says why.
    await p.clock.fastForward('14:31');
    await p.waitForURL('**/auth');
    await p.getByText('You were signed out after 15 minutes without activity, to keep your account safe. Please sign in again.').waitFor();
    const status = await p.evaluate(() => fetch('/v1/auth/check', { credentials: 'include' }).then((res) => res.status));
    expect(status).toBe(401);
  });

  it('shows a friendly 404 to a signed-in customer with a way back', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/no-such-page');
    await p.getByText("We can't find that page").waitFor();
    expect(await p.title()).toBe('Page not found · Strongroom Bank');
    await screenshot(p, 'account-shell-404');
    await expectNoSeriousA11yViolations(p, '404 signed in');
    await p.getByRole('link', { name: 'Dashboard' }).click();
    await p.getByTestId('greeting').waitFor();
  });

  it('tells a new applicant the application is under review and the e-mail is unverified, then shows a rejection with its reason', async () => {
    const base = ctx.server().baseUrl;
    const email = `shell.applicant.${Date.now()}@example.com`;
    const password = 'Nadia!2026';
    const registered = await fetch(`${base}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Nadia',
        middleName: 'Léa',
        lastName: 'Okafor',
        dob: '1990-02-17',
        country: 'CA',
        state: 'Ontario',
        city: 'Toronto',
        zipcode: 'M5V 2T6',
        phone: '+1 416 555 0188',
        email,
        address: '100 King Street West',
        occupation: 'Self employed',
        incomeRange: '$50,001 - $100,000',
        accountType: 'savings',
        currency: 'CAD',
        transactionPin: '2468',
        password,
        image: `data:image/png;base64,${PNG_BASE64}`,
        proofOfAddress: `data:image/png;base64,${PNG_BASE64}`,
      }),
    });
    expect(registered.status).toBe(201);
    const accountNumber = accountNumberIn(await latestMail(ctx.server().dataDir, email));

    const p = await page();
    await signIn(p, accountNumber, password);
    await p.getByTestId('greeting').getByText('Nadia Léa Okafor').waitFor();
    await p.getByTestId('banner-pending-review').getByText('Your application is under review').waitFor();
    expect(await p.getByTestId('banner-pending-review').textContent()).toContain('Sending money waits until we approve your application');
    const verify = p.getByTestId('banner-verify-email').getByRole('link', { name: 'Verify now' });
    expect(await verify.getAttribute('href')).toBe(`/auth/verify?email=${encodeURIComponent(email)}`);
    await p.getByTestId('balance-card').getByText('Savings Account').waitFor();
    await p.getByTestId('balance-amount').getByText('C$0.00').waitFor();
    await p.getByText('No transactions found').waitFor();
    await screenshot(p, 'account-shell-pending-review');
    await expectNoSeriousA11yViolations(p, 'dashboard under review');

    const staff = { token: await staffBearerToken(base, ctx.server().dataDir) };
    const me = await (await p.request.get('/v1/auth/check')).json();
    const rejected = await fetch(`${base}/v1/admin/customers/${me.user.id}/reject`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
      body: JSON.stringify({ reason: 'The identity document was unreadable.' }),
    });
    expect(rejected.status).toBe(200);
    await p.reload();
    // Why, and what to do next, in place of the dashboard: no balance, no Transfer action, one full stop.
    const banner = p.getByTestId('banner-rejected');
    await banner.getByRole('heading', { name: 'We could not approve your application', level: 1 }).waitFor();
    expect(await banner.getByTestId('rejection-reason').textContent()).toBe('Reason: The identity document was unreadable.');
    await banner.getByRole('heading', { name: 'What you can do next' }).waitFor();
    expect(await banner.getByRole('link', { name: 'E-mail support@strongroom.bank' }).getAttribute('href')).toBe(
      `mailto:support@strongroom.bank?subject=${encodeURIComponent(`Application ${accountNumber}`)}`,
    );
    expect(await p.getByTestId('banner-pending-review').count()).toBe(0);
    expect(await p.getByTestId('balance-card').count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Transfer' }).count()).toBe(0);
    expect(await p.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allTextContents()).toEqual(['Dashboard', 'Profile']);
    await expectNoSeriousA11yViolations(p, 'rejected applicant');
    await p.goto('/transfers');
    await banner.getByTestId('rejection-reason').waitFor();
    expect(await p.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await screenshot(p, 'account-shell-rejected');
  });
});
