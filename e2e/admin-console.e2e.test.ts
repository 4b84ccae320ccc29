import type { Page } from 'playwright-core';
import { freshOtp } from '../server/test/helpers/totp';
import { demoStaff, staffBearerToken } from './helpers/server';
import { newContext, screenshot } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';

// A real 1x1 PNG: the server checks the passport by its bytes.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// The operator admin from ADMIN_EMAIL/ADMIN_PASSWORD, without ADMIN_TOTP_SECRET: enrols at first sign-in.
const OPERATOR = { email: 'ops@bank.example', password: 'Operator-Passw0rd!' };

describe('staff console (/admin)', () => {
  const ctx = useServerAndBrowser({ ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password });
  const staff = (role: 'admin' | 'auditor') => demoStaff(ctx.server().dataDir, role);
  let auditorToken: string | undefined;

  /** Enrols a customer through the public API; they wait in pending_review. */
  async function apply(firstName: string, lastName: string): Promise<{ email: string; accountNumber: string }> {
    const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
    const res = await fetch(`${ctx.server().baseUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName, lastName, dob: '1985-07-09', country: 'GB', state: 'England', city: 'London', zipcode: 'SW1A 1AA',
        phone: '+44 20 7946 0958', email, address: '10 Downing Street', occupation: 'Business / Sales', incomeRange: '$25,001 - $50,000',
        accountType: 'savings', currency: 'GBP', transactionPin: '9876', password: 'Priya!2026', image: PNG,
      }),
    });
    expect(res.status).toBe(201);
    return { email, accountNumber: await staffLookup(email) };
  }

  /** The customer as the server has it, read with a bearer staff session (no browser involved). */
  async function staffGet(path: string): Promise<unknown> {
    auditorToken ??= await staffBearerToken(ctx.server().baseUrl, ctx.server().dataDir, 'auditor');
    const res = await fetch(`${ctx.server().baseUrl}${path}`, { headers: { authorization: `Bearer ${auditorToken}` } });
    expect(res.status).toBe(200);
    return res.json();
  }
  async function staffLookup(email: string): Promise<string> {
    const list = (await staffGet(`/v1/admin/customers?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`)) as { accountNumber: string }[];
    expect(list).toHaveLength(1);
    return list[0].accountNumber;
  }
  async function statusOf(email: string): Promise<{ status: string; rejectionReason?: string | null }> {
    const [row] = (await staffGet(`/v1/admin/customers?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`)) as { id: string }[];
    return (await staffGet(`/v1/admin/customers/${row.id}`)) as { status: string; rejectionReason?: string | null };
  }

  async function enterCredentials(email: string, password: string): Promise<Page> {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/admin/');
    await page.getByRole('heading', { name: 'Strongroom back office' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  /** Password, then the code from the member's authenticator (computed from their TOTP secret). */
  async function signIn(role: 'admin' | 'auditor'): Promise<Page> {
    const member = staff(role);
    const page = await enterCredentials(member.email, member.password);
    await page.getByLabel('Authenticator code').fill(await freshOtp(member.totpSecret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    return page;
  }

  it('asks for the authenticator code after the password, and refuses a wrong one', async () => {
    const member = staff('admin');
    const page = await enterCredentials(member.email, member.password);
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await screenshot(page, 'admin-login-code');
    await page.context().close();
  });

  it('enrols a member at first sign-in: QR code, first code, recovery codes once, then the console', async () => {
    const page = await enterCredentials(OPERATOR.email, OPERATOR.password);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Authenticator key').textContent())!.trim();
    await screenshot(page, 'admin-enrol-qr');
    await page.getByLabel('Authenticator code').fill(await freshOtp(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await screenshot(page, 'admin-enrol-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByRole('menuitem', { name: 'Audit log' }).waitFor();
    await page.context().close();
  });

  it('refuses a wrong password with the server message and keeps no token in web storage', async () => {
    const page = await enterCredentials('admin@strongroom.local', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }).waitFor();
    await screenshot(page, 'admin-login-refused');
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toMatch(/eyJ|token/i);
    await page.context().close();
  });

  it('lets the admin approve a pending application from its page, and records who did it', async () => {
    const applicant = await apply('Priya', 'Raman');
    const page = await signIn('admin');

    const row = page.locator('tbody tr', { hasText: applicant.accountNumber });
    await row.getByText('Pending review').waitFor();
    await screenshot(page, 'admin-customers');
    await row.getByText('Priya Raman').click();
    await page.waitForURL(/#\/customers\/[0-9a-f-]+\/show$/);
    await page.getByText('July 9, 1985').waitFor(); // date of birth, not shifted by the time zone
    await page.getByText('10 Downing Street, London, England SW1A 1AA, United Kingdom').waitFor();
    await screenshot(page, 'admin-customer-show');

    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this application?' });
    await dialog.getByText(`Priya Raman (account ${applicant.accountNumber})`).waitFor();
    await dialog.getByRole('button', { name: 'Confirm approval' }).click();
    await page.getByText('Application approved').waitFor();
    // The page refreshes from the server: the chip changes and the decision buttons are gone.
    await page.locator('main').getByText('Approved', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect((await statusOf(applicant.email)).status).toBe('approved');

    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    const entry = page.locator('tbody tr', { hasText: 'customer.approve' }).first();
    await entry.getByText('admin@strongroom.local').waitFor();
    await screenshot(page, 'admin-audit-log');

    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await page.locator('tbody tr', { hasText: applicant.email }).first().waitFor();
    await page.context().close();
  });

  it('rejects an application only with a reason, which the customer is given', async () => {
    const applicant = await apply('Jonas', 'Berg');
    const page = await signIn('admin');
    const row = page.locator('tbody tr', { hasText: applicant.accountNumber });
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this application' });
    const confirm = dialog.getByRole('button', { name: 'Reject' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (sent to the customer)').fill('ab');
    await dialog.getByLabel('Reason (sent to the customer)').blur();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel('Reason (sent to the customer)').fill('The passport photograph is unreadable');
    await confirm.click();
    await page.getByText('Application rejected').waitFor();
    await row.getByText('Rejected', { exact: true }).waitFor();
    // The row click was not triggered by the dialog: still on the list.
    expect(page.url()).toMatch(/#\/customers(\?.*)?$/);
    expect(await statusOf(applicant.email)).toMatchObject({ status: 'rejected', rejectionReason: 'The passport photograph is unreadable' });
    await page.context().close();
  });

  it('shows the auditor everything read-only: no decision buttons, no incoming payments', async () => {
    const applicant = await apply('Lena', 'Okafor');
    const page = await signIn('auditor');
    await page.getByText('Auditor (read-only)').waitFor();
    const row = page.locator('tbody tr', { hasText: applicant.accountNumber });
    await row.getByText('Pending review').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await row.getByText('Lena Okafor').click();
    await page.getByText('Passport photograph').waitFor();
    expect(await page.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Incoming payment' }).click();
    await page.getByText('Only admins can post incoming payments.').waitFor();
    await page.context().close();
  });
});
