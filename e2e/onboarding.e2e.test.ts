import { join } from 'node:path';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { newContext, screenshot } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { accountNumberIn, latestMail, sixDigitCode } from './helpers/mail';

// A 1x1 PNG as the passport photograph.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('a new customer opens an account', () => {
  const ctx = useServerAndBrowser();

  it('goes from Open Account through the wizard, verifies the e-mail, signs in and logs out', async () => {
    const email = `e2e.${Date.now()}@example.com`;
    const passport = join(mkdtempSync(join(tmpdir(), 'sr-passport-')), 'passport.png');
    writeFileSync(passport, PNG);
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Open Account' }).first().click();
    await page.waitForURL('**/auth/terms');
    await page.getByRole('button', { name: 'I accept' }).click();
    await page.waitForURL('**/auth/register');

    // Step 1, first with a mistake the form must catch.
    await page.getByLabel('First name').fill('R');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('First name is required').waitFor();
    await screenshot(page, 'register-validation');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Nakamura');
    await page.getByLabel('Date of birth').fill('1992-03-14');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Country').click();
    await page.getByRole('option', { name: /United States$/ }).click();
    await page.getByLabel('State/Province').click();
    await page.getByRole('option', { name: 'Oregon' }).click();
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('Zip/Postal code').fill('97201');
    await page.getByLabel('Phone number').fill('+1 503 555 0100');
    await page.getByLabel('Residential address').fill('12 Pine Street, Unit 4');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Personal information saved').waitFor();

    await page.getByLabel('Occupation').click();
    await page.getByRole('option', { name: 'Self employed' }).click();
    await page.getByLabel('Annual income').click();
    await page.getByRole('option', { name: '$50,001 - $100,000' }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Employment information saved').waitFor();

    await page.getByLabel('Account type').click();
    await page.getByRole('option', { name: 'Savings' }).click();
    await page.getByLabel('Currency').click();
    await page.getByRole('option', { name: 'USD' }).click();
    await page.getByLabel('Transaction PIN (4 digits)').fill('1357');
    await page.getByLabel('Password', { exact: true }).fill('Robin!2026');
    await page.locator('input[type=file][name=passport]').setInputFiles(passport);
    await page.getByAltText('Passport preview').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Account information saved').waitFor();
    await screenshot(page, 'register-review');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Application submitted successfully').waitFor();
    await page.getByRole('dialog').getByText('Application submitted').waitFor();
    await screenshot(page, 'register-submitted');

    const mail = await latestMail(ctx.server().dataDir, email);
    const accountNumber = accountNumberIn(mail);
    await page.getByRole('button', { name: 'Verify e-mail' }).click();
    await page.waitForURL('**/auth/verify?email=*');
    await page.getByLabel('Verification code').fill(sixDigitCode(mail));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Code verified successfully').waitFor();
    await page.waitForURL('**/auth/login');

    await page.getByLabel('Account Number').fill(accountNumber);
    await page.getByLabel('Password', { exact: true }).fill('Robin!2026');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('greeting').getByText('Robin Nakamura').waitFor();
    await page.getByText(/Your application is under review/).waitFor();
    await screenshot(page, 'dashboard-new-customer');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText(email).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.waitForURL('**/auth');
    // The session is gone on the server too: protected pages send us back to sign in.
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
  });

  it('remembers the account number, never the password', async () => {
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Account Number').fill('1000000001');
    await page.getByLabel('Password', { exact: true }).fill('Demo@2026!');
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    const stored = await page.evaluate(() => localStorage.getItem('auth') ?? '');
    expect(stored).toContain('1000000001');
    expect(stored).not.toContain('Demo@2026!');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sr_session')?.httpOnly).toBe(true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/auth/login');
    await expect(page.getByLabel('Account Number').inputValue()).resolves.toBe('1000000001');
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Remember me').isChecked()).resolves.toBe(true);
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
