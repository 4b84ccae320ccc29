import { basename, join } from 'node:path';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { choose, newContext, screenshot } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { accountNumberIn, latestMail, resetLinkIn, sixDigitCode } from './helpers/mail';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

// A 1x1 PNG as the passport photograph.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// The seeded demo customer's address: applying with it again must be refused by the server.
const TAKEN_EMAIL = 'demo@strongroom.local';

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

async function fillPersonal(page: Page, email: string) {
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Nakamura');
  await page.getByLabel('Date of birth').fill('1992-03-14');
  await page.getByLabel('Email').fill(email);
  await choose(page, 'Country', /United States$/);
  await choose(page, 'State/Province', 'Oregon');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('Zip/Postal code').fill('97201');
  await page.getByLabel('Phone number').fill('+1 503 555 0100');
  await page.getByLabel('Residential address').fill('12 Pine Street, Unit 4');
}

// Any picture stands in for the bill: the server checks it by its bytes, not by what it shows.
const BILL_PHOTO = { name: 'utility-bill.png', mimeType: 'image/png', buffer: PNG };
// The smallest file a PDF reader opens: what a bill downloaded from a utility's site is, in miniature.
const BILL_PDF = {
  name: 'utility-bill.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
};

async function fillSecrets(page: Page, passport: string, proofOfAddress = BILL_PHOTO) {
  await page.getByLabel('Transaction PIN (4 digits)').fill('1357');
  await page.getByLabel('Password', { exact: true }).fill('Robin!2026');
  await page.locator('input[type=file][name=passport]').setInputFiles(passport);
  await page.getByText(basename(passport), { exact: true }).waitFor();
  await page.locator('input[type=file][name=proofOfAddress]').setInputFiles(proofOfAddress);
  await page.getByText(proofOfAddress.name, { exact: true }).waitFor();
}

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

    // Jumping straight to the last step with nothing filled in sends us back to step 1.
    await page.getByRole('button', { name: 'Completed' }).click();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Please fill in all fields').waitFor();
    await stepHeading(page, 'Personal Information').waitFor();

    // Step 1, first with a mistake the form must catch.
    await page.getByLabel('First name').fill('R');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('First name is required').waitFor();
    await screenshot(page, 'register-validation');
    await expectNoSeriousA11yViolations(page, 'enrolment step 1 with an error');
    // An address the bank already has: only the server can tell.
    await fillPersonal(page, TAKEN_EMAIL);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Personal information saved').waitFor();
    await stepHeading(page, 'Employment Information').waitFor();
    await expectNoSeriousA11yViolations(page, 'enrolment step 2');

    await choose(page, 'Occupation', 'Self employed');
    await choose(page, 'Annual income', '$50,001 - $100,000');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Employment information saved').waitFor();
    await stepHeading(page, 'Account Information').waitFor();
    await expectNoSeriousA11yViolations(page, 'enrolment step 3');

    await choose(page, 'Account type', 'Savings');
    await choose(page, 'Currency', 'USD');
    // Both photos are asked for, each told under its own button.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please upload a passport photograph', { exact: true }).waitFor();
    await page.getByText('Please upload a proof of address', { exact: true }).waitFor();
    await fillSecrets(page, passport);
    await page.getByAltText('Passport preview').waitFor();
    await page.getByAltText('Proof of address preview').waitFor();
    await screenshot(page, 'register-account-step');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Account information saved').waitFor();
    await stepHeading(page, 'Review and submit').waitFor();

    // The three parts are in session storage; the password and PIN never are.
    const saved = await page.evaluate(() => sessionStorage.getItem('enrolment') ?? '');
    expect(saved).toContain('Nakamura');
    expect(saved).toContain('Self employed');
    expect(saved).toContain('savings');
    expect(saved).not.toContain('Robin!2026');
    expect(saved).not.toContain('1357');

    // After a reload the saved parts are still there, and the form asks again for what it did not keep.
    await page.reload();
    await expect(page.getByLabel('Last name').inputValue()).resolves.toBe('Nakamura');
    await page.getByRole('button', { name: 'Completed' }).click();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await stepHeading(page, 'Account Information').waitFor();
    await page.getByText(/not kept when the page reloads/).waitFor();
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    // This time the bill is the PDF it came as (docs/decisions/0049): its icon stands where a photo's preview would.
    await fillSecrets(page, passport, BILL_PDF);
    await page.getByRole('img', { name: 'Proof of address preview' }).waitFor();
    await screenshot(page, 'register-account-step-pdf');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await stepHeading(page, 'Review and submit').waitFor();
    await screenshot(page, 'register-review');
    await expectNoSeriousA11yViolations(page, 'enrolment review');

    // The server refuses the taken e-mail: the message sits under the Email field of step 1.
    await page.getByRole('button', { name: 'Submit application' }).click();
    await stepHeading(page, 'Personal Information').waitFor();
    await page.locator('.MuiFormHelperText-root', { hasText: 'An account with this email already exists' }).waitFor();
    await expect(page.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'register-server-error');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await stepHeading(page, 'Employment Information').waitFor();
    await page.getByRole('button', { name: 'Completed' }).click();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Application submitted successfully').waitFor();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(email).waitFor();
    await screenshot(page, 'register-submitted');
    await expectNoSeriousA11yViolations(page, 'enrolment submitted dialog');
    await expect(page.evaluate(() => sessionStorage.getItem('enrolment'))).resolves.toBeNull();

    const mail = await latestMail(ctx.server().dataDir, email);
    const accountNumber = accountNumberIn(mail);
    const code = sixDigitCode(mail);
    await dialog.getByRole('button', { name: 'Verify e-mail' }).click();
    await page.waitForURL('**/auth/verify?email=*');
    await page.getByText(`We e-mailed a 6-digit code to ${email}`).waitFor();
    await expectNoSeriousA11yViolations(page, 'verify e-mail');

    // A wrong code: the toast, and the field is cleared for another try.
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Code is incorrect').waitFor();
    await page.getByText('Please try again').waitFor();
    await expect(page.getByLabel('Verification code').inputValue()).resolves.toBe('');
    await screenshot(page, 'verify-wrong-code');

    // Pasted from the e-mail with a space in the middle: all six digits are kept.
    await page.getByLabel('Verification code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await expect(page.getByLabel('Verification code').inputValue()).resolves.toBe(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
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

  it('lets a phone user jump between steps by their headers and keeps the PIN to 4 digits', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width: 375, height: 740 })).newPage();
    await page.goto('/auth/register');
    await stepHeading(page, 'Step 1 of 4: Personal Information').waitFor();
    // The labels are hidden on a phone but still name the step buttons.
    await page.getByRole('button', { name: 'Account Information' }).click();
    await stepHeading(page, 'Step 3 of 4: Account Information').waitFor();
    await page.getByLabel('Transaction PIN (4 digits)').fill('12a3456');
    await expect(page.getByLabel('Transaction PIN (4 digits)').inputValue()).resolves.toBe('1234');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please upload a passport photograph').waitFor();
    await page.getByText('Please select an account type').waitFor();
    await screenshot(page, 'register-step3-mobile');
    await expectNoSeriousA11yViolations(page, 'enrolment step 3 at 375 px');
    const overflowPx = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflowPx).toBe(0);
  });

  it('keeps toasts clear of the enrolment stepper on a phone', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width: 375, height: 740 })).newPage();
    await page.goto('/auth/register');
    await fillPersonal(page, `toast.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const toast = page.locator('#notistack-snackbar', { hasText: 'Personal information saved' });
    await toast.waitFor();
    await stepHeading(page, 'Step 2 of 4: Employment Information').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const [toastBox, stepperBox, headingBox] = await Promise.all([toast.boundingBox(), page.locator('.MuiStepper-root').boundingBox(), page.getByRole('heading', { level: 2 }).boundingBox()]);
    const overlaps = (a: typeof toastBox, b: typeof toastBox) => !!a && !!b && a.y < b.y + b.height && b.y < a.y + a.height;
    expect({ stepper: overlaps(toastBox, stepperBox), heading: overlaps(toastBox, headingBox) }).toEqual({ stepper: false, heading: false });
    await screenshot(page, 'register-toast-375');
  });

  it('shows the server refusing a photo that is not an image under the passport field of step 3', async () => {
    const fake = join(mkdtempSync(join(tmpdir(), 'sr-passport-')), 'passport.png');
    writeFileSync(fake, 'this is text, whatever its name says');
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/auth/register');
    await fillPersonal(page, `bytes.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await stepHeading(page, 'Employment Information').waitFor();
    await choose(page, 'Occupation', 'Business / Sales');
    await choose(page, 'Annual income', 'Below $10,000');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await stepHeading(page, 'Account Information').waitFor();
    await choose(page, 'Account type', 'Checking');
    await choose(page, 'Currency', 'EUR');
    // The browser calls it image/png by its name, so only the server, reading the bytes, can refuse it.
    await fillSecrets(page, fake);
    await page.getByText('This file cannot be shown as a photo').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await stepHeading(page, 'Review and submit').waitFor();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await stepHeading(page, 'Account Information').waitFor();
    await page.locator('[role=alert].MuiTypography-caption', { hasText: 'Only JPG or PNG images are allowed' }).waitFor();
  });

  it('resets a forgotten password through the e-mailed single-use link', async () => {
    const email = 'jordan.lee@strongroom.local';
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');

    // The answer is the same whether or not an account uses the address.
    await page.getByLabel('Email').fill('nobody.here@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const neutral = await page.getByRole('alert').textContent();
    expect(neutral).toMatch(/If an account uses this e-mail/);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(neutral);

    const link = resetLinkIn(await latestMail(ctx.server().dataDir, email));
    await page.goto(link);
    await page.getByLabel('New password').fill('Password1!');
    await page.getByLabel('Confirm password').fill('Password1!');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Use 12 or more characters, or a less guessable password').waitFor();
    await page.getByLabel('New password').fill('Jordan lake 2027');
    await page.getByLabel('Confirm password').fill('Jordan lake 2027');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been reset. Please sign in.').waitFor();
    await page.waitForURL('**/auth/login');

    await page.getByLabel('Account Number').fill('1000000002');
    await page.getByLabel('Password', { exact: true }).fill('Jordan lake 2027');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');

    // The link worked once.
    const again = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await again.goto(link);
    await again.getByLabel('New password').fill('Another@2028');
    await again.getByLabel('Confirm password').fill('Another@2028');
    await again.getByRole('button', { name: 'Set new password' }).click();
    // The inline notice (besides the toast) offers a new link and the form stays shut.
    await again.getByRole('link', { name: 'Request a new link' }).waitFor();
    await expect(again.locator('.MuiAlert-root').textContent()).resolves.toMatch(/This reset link is invalid or has expired/);
    await expect(again.getByRole('button', { name: 'Set new password' }).isDisabled()).resolves.toBe(true);
  });
});
