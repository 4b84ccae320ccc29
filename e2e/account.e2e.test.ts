import { newContext, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';

describe('signed-in customer: dashboard, profile and settings', () => {
  const ctx = useServerAndBrowser();

  it('shows the greeting and the balance from the ledger, and masks it on request', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(page, '1000000001', 'Demo@2026!');
    await page.getByTestId('greeting').getByText('Alex Morgan Rivera').waitFor();
    await page.getByTestId('balance-amount').getByText('$13,913.90').waitFor();
    await page.getByRole('button', { name: 'Hide balance' }).click();
    await page.getByTestId('balance-amount').getByText('********').waitFor();
    await page.getByRole('button', { name: 'Show balance' }).click();
    await page.getByTestId('balance-amount').getByText('$13,913.90').waitFor();
    expect(await page.getByTestId('transaction-row').count()).toBe(3);
    await screenshot(page, 'dashboard-demo');
  });

  it('edits the profile, keeps notification preferences across a reload, and persists dark mode', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(page, '1000000002', 'Payee@2026!');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('City').fill('X');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('City must be at least 2 characters').waitFor();
    await page.getByLabel('City').fill('Berkeley');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    await page.getByText('Berkeley').waitFor();

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.waitForURL(/tab=notifications/);
    const marketing = page.getByRole('switch', { name: 'Marketing e-mails' });
    await marketing.waitFor();
    expect(await marketing.isChecked()).toBe(false);
    await marketing.check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Notification settings updated!').waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'Marketing e-mails' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Marketing e-mails' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Toggle dark mode' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(245, 247, 251)');
    await screenshot(page, 'profile-notifications-dark');
  });

  it('changes the password with the spec rules, then signs in with the new one', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(page, '1000000002', 'Payee@2026!');
    await page.goto('/profile?tab=security');
    await page.getByLabel('Current password').fill('Payee@2026!');
    await page.getByLabel('New password', { exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password must contain uppercase, lowercase, number, and special character').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Jordan!2027');
    await page.getByLabel('Confirm new password').fill('Jordan!2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Password changed successfully/).waitFor();
    const fresh = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(fresh, '1000000002', 'Jordan!2027');
  });

  it('opens the slide-in app menu at 375 px', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width: 375, height: 760 })).newPage();
    await signIn(page, '1000000001', 'Demo@2026!');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).last().getByText('Transactions').click();
    await page.waitForURL('**/transactions');
    await page.getByTestId('transaction-row').first().waitFor();
    await screenshot(page, 'transactions-mobile');
  });
});
