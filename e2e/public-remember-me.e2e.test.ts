import { newContext } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';

describe('Remember me (the account number only)', () => {
  const ctx = useServerAndBrowser();

  it('remembers the account number, never the password', async () => {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    const page = await context.newPage();
    await page.goto('/auth/login');
    // Only digits reach the account number field.
    await page.getByLabel('Account Number').fill('10000-0000 1');
    await expect(page.getByLabel('Account Number').inputValue()).resolves.toBe('1000000001');
    await page.getByLabel('Password', { exact: true }).fill('Demo@2026!');
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    const savedUser = () => page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').savedUser);
    await expect(savedUser()).resolves.toEqual({ accountNumber: '1000000001' });
    // Nothing a script on the page can read holds the password.
    const readable = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
    expect(readable).not.toContain('Demo@2026!');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sr_session')?.httpOnly).toBe(true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.waitForURL('**/auth');
    // A new visit in the same browser: the number is there, the password is not.
    const next = await context.newPage();
    await next.goto('/auth/login');
    await next.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await expect(next.getByLabel('Account Number').inputValue()).resolves.toBe('1000000001');
    await expect(next.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    await expect(next.getByLabel('Remember me').isChecked()).resolves.toBe(true);

    // Unticking it forgets the number at the next sign-in.
    await next.getByLabel('Password', { exact: true }).fill('Demo@2026!');
    await next.getByLabel('Remember me').uncheck();
    await next.getByRole('button', { name: 'Submit' }).click();
    await next.waitForURL('**/dashboard');
    await expect(next.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').savedUser)).resolves.toBeNull();
  });

  it('shows the server message when sign-in fails', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/auth');
    await page.getByLabel('Account Number').fill('1000000001');
    await page.getByLabel('Password', { exact: true }).fill('Wrong@2026!');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Invalid account number or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expect(page.getByLabel('Remember me').isChecked()).resolves.toBe(false);
  });

  it('sends a signed-in customer from the login page to the dashboard', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Account Number').fill('1000000002');
    await page.getByLabel('Password', { exact: true }).fill('Payee@2026!');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/auth/login');
    await page.waitForURL('**/dashboard');
  });
});
