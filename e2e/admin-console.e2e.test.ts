import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { freshOtp } from '../server/test/helpers/totp';
import { demoStaff, staffBearerToken } from './helpers/server';
import { choose, expectNoSidewaysScroll, screenshot } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { enterStaffCredentials, signInStaff } from './helpers/console';
import { expectNoSeriousA11yViolations } from './helpers/axe';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

// A real 1x1 PNG: the server checks the passport by its bytes.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// A proof of address may be the PDF a bill came as (docs/decisions/0049); this is the smallest a reader opens.
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n').toString('base64')}`;

// The operator admin from ADMIN_EMAIL/ADMIN_PASSWORD, without ADMIN_TOTP_SECRET: enrols at first sign-in.
const OPERATOR = { email: 'ops@bank.example', password: 'Operator-Passw0rd!' };

describe('staff console (/admin)', () => {
  // Every journey signs staff in, some several members: more sign-ins a minute from one address than the default
  // limit (20) lets through. The limit itself is tested against the API (server/test/auth).
  const ctx = useServerAndBrowser({ ADMIN_EMAIL: OPERATOR.email, ADMIN_PASSWORD: OPERATOR.password, LOGIN_RATE_LIMIT_PER_MINUTE: '200' });
  const staff = (role: 'admin' | 'auditor') => demoStaff(ctx.server().dataDir, role);
  let auditorToken: string | undefined;

  /** Enrols a customer through the public API; they wait in pending_review. */
  async function apply(firstName: string, lastName: string, proofOfAddress = PNG): Promise<{ email: string; accountNumber: string }> {
    const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
    const res = await fetch(`${ctx.server().baseUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName,
        lastName,
        dob: '1985-07-09',
        country: 'GB',
        state: 'England',
        city: 'London',
        zipcode: 'SW1A 1AA',
        phone: '+44 20 7946 0958',
        email,
        address: '10 Downing Street',
        occupation: 'Business / Sales',
        incomeRange: '$25,001 - $50,000',
        accountType: 'savings',
        currency: 'GBP',
        transactionPin: '9876',
        password: 'Priya!2026',
        image: PNG,
        proofOfAddress,
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

  /** A local transfer by the demo customer (a returning sender: PIN only), left pending for staff. */
  async function pendingTransfer(memo: string): Promise<void> {
    const base = ctx.server().baseUrl;
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-mode': 'bearer' },
      body: JSON.stringify({ accountNumber: '1000000001', password: 'Demo@2026!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const started = await fetch(`${base}/v1/transfer/local`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        recipientName: 'Sam Carter',
        recipientBankName: 'First Local Bank',
        recipientAccountNumber: '9876543210',
        amount: '42.00',
        memo,
        transferDate: new Date().toISOString().slice(0, 10),
      }),
    });
    expect(started.status).toBe(201);
    const { transferId, codeStep } = (await started.json()) as { transferId: string; codeStep: string };
    expect(codeStep).toBe('pin');
    const confirmed = await fetch(`${base}/v1/transfer/confirm-code`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ transferId, pin: '1234' }),
    });
    expect(confirmed.ok).toBe(true);
  }

  const enterCredentials = (email: string, password: string) => enterStaffCredentials(ctx.browser(), ctx.server().baseUrl, email, password);

  /** Staff land on the review-queue dashboard (counts per queue); the applications list is one click away. */
  async function openApplications(page: Page) {
    await page.getByRole('heading', { name: 'Waiting for a decision' }).waitFor();
    await page.getByTestId('queue-customers').waitFor();
    await expectNoSeriousA11yViolations(page, 'console: review-queue dashboard');
    await page.getByRole('menuitem', { name: 'Customers' }).click();
  }

  const signIn = (role: 'admin' | 'auditor') => signInStaff(ctx.browser(), ctx.server().baseUrl, staff(role));

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
    await expectNoSeriousA11yViolations(page, 'console sign-in, refused');
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toMatch(/eyJ|token/i);
    await page.context().close();
  });

  it('lets the admin approve a pending application from its page, and records who did it', async () => {
    const applicant = await apply('Priya', 'Raman');
    const page = await signIn('admin');
    await openApplications(page);

    const row = page.locator('tbody tr', { hasText: applicant.accountNumber });
    await row.getByText('Pending review').waitFor();
    await screenshot(page, 'admin-customers');
    await expectNoSidewaysScroll(page, 'console: customers list');
    await expectNoSeriousA11yViolations(page, 'console: customers');
    await row.getByText('Priya Raman').click();
    await page.waitForURL(/#\/customers\/[0-9a-f-]+\/show$/);
    await page.getByText('July 9, 1985').waitFor(); // date of birth, not shifted by the time zone
    await page.getByText('10 Downing Street, London, England SW1A 1AA, United Kingdom').waitFor();
    await screenshot(page, 'admin-customer-show');
    await expectNoSeriousA11yViolations(page, 'console: customer show');

    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this application?' });
    await dialog.getByText(`Priya Raman (account ${applicant.accountNumber})`).waitFor();
    await expectNoSeriousA11yViolations(page, 'console: approve dialog');
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
    await expectNoSeriousA11yViolations(page, 'console: audit log');

    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await page.locator('tbody tr', { hasText: applicant.email }).first().click();
    await page.waitForURL(/#\/outbox\/[^/]+\/show$/);
    await expectNoSeriousA11yViolations(page, 'console: mail show');
    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await page.locator('tbody tr').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'console: mail outbox');
    await page.getByRole('menuitem', { name: 'Post an incoming payment', exact: true }).click();
    await page.getByLabel('Sender name').waitFor();
    await expectNoSeriousA11yViolations(page, 'console: incoming payment');
    await page.context().close();
  });

  it('rejects an application only with a reason, which the customer is given', async () => {
    const applicant = await apply('Jonas', 'Berg');
    const page = await signIn('admin');
    await openApplications(page);
    const row = page.locator('tbody tr', { hasText: applicant.accountNumber });
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this application' });
    const confirm = dialog.getByRole('button', { name: 'Reject' });
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'console: reject dialog');
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
    await openApplications(page);
    const row = page.locator('tbody tr', { hasText: applicant.accountNumber });
    await row.getByText('Pending review').waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await row.getByText('Lena Okafor').click();
    await page.getByText('Passport photograph').waitFor();
    // Both photos of the application, served by the API to staff.
    for (const photo of ['Passport photograph', 'Proof of address']) {
      // Its width once loaded (0 if the API refused it): an image is visible, at its box's size, before it loads.
      const loadedWidth = await page.getByRole('img', { name: photo }).evaluate((element) => {
        const image = element as HTMLImageElement;
        if (image.complete) return image.naturalWidth;
        return new Promise<number>((resolve) => {
          image.addEventListener('load', () => resolve(image.naturalWidth));
          image.addEventListener('error', () => resolve(0));
        });
      });
      expect(loadedWidth).toBeGreaterThan(0);
    }
    expect(await page.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'console: customer show, auditor');
    // Nothing that only says no: no Decision column, no Incoming payment entry (the page itself still refuses).
    await page.getByRole('menuitem', { name: 'Customers' }).click();
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Status' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Decision' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Post an incoming payment', exact: true }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    await page.getByRole('columnheader', { name: 'Status' }).or(page.getByText('No Transactions found')).first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Decision' }).count()).toBe(0);
    await page.goto('/admin/#/incoming-transfers');
    await page.getByText('Only admins can post incoming payments.').waitFor();
    await page.context().close();
  });

  it('offers a proof of address sent as a PDF as a download, never opened in the console', async () => {
    const applicant = await apply('Noor', 'Haddad', PDF);
    const page = await signIn('auditor');
    await openApplications(page);
    await page.locator('tbody tr', { hasText: applicant.accountNumber }).getByText('Noor Haddad').click();
    await page.getByRole('img', { name: 'Passport photograph' }).waitFor();
    expect(await page.getByRole('img', { name: 'Proof of address' }).count()).toBe(0);
    await screenshot(page, 'console-customer-proof-of-address-pdf');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('proof-of-address.pdf');
    const saved = await download.path();
    expect(readFileSync(saved).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    // The console stayed where it was: the PDF did not open in its origin.
    expect(page.url()).toContain('/admin/');
    await page.getByText('Noor Haddad').first().waitFor();
    await page.context().close();
  });

  it('fits the pending transactions list, Reject included, on a 1280 px screen', async () => {
    await pendingTransfer('Console width check');
    const page = await signIn('admin');
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    const row = page.locator('tbody tr', { hasText: 'Sam Carter' }).first();
    const reject = row.getByRole('button', { name: 'Reject' });
    await reject.waitFor();
    const fit = await page.evaluate(() => {
      const wrapper = document.querySelector('.RaDatagrid-tableWrapper')!;
      return { page: document.documentElement.scrollWidth, tableScrolls: wrapper.scrollWidth > wrapper.clientWidth };
    });
    expect(fit).toEqual({ page: 1280, tableScrolls: false });
    const box = (await reject.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    await screenshot(page, 'admin-transactions-pending');
    await expectNoSeriousA11yViolations(page, 'console: pending transactions');
    // The record's answer is held back a moment, so the app bar's spinner shows: it must be named to be read out.
    await page.route(/\/transactions?\/[0-9a-f-]{36}$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await row.locator('td').nth(1).click();
    await page.getByRole('progressbar', { name: 'Loading' }).first().waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    await page.waitForURL(/#\/transactions\/[^/]+\/show$/);
    await page.getByText('Sam Carter').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'console: transaction show');
    await page.context().close();
  });

  it('finds a completed transaction by its whole reference from the pending queue it opens on', async () => {
    const [done] = (await staffGet(`/v1/admin/transactions?filter=${encodeURIComponent(JSON.stringify({ status: 'success' }))}&range=${encodeURIComponent('[0,0]')}`)) as {
      reference: string;
    }[];
    const page = await signIn('admin');
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    const status = page.getByRole('combobox', { name: 'Status' });
    expect(await status.textContent()).toContain('Pending');
    // Pasted as copied from a statement, in lower case with a space after.
    await page.getByLabel('Search description, recipient or whole reference').fill(`${done.reference.toLowerCase()} `);
    await page.locator('tbody tr', { hasText: done.reference }).first().waitFor();
    await screenshot(page, 'admin-transactions-reference');
    expect(await status.textContent()).not.toContain('Pending');
    // Words keep the status chosen.
    await page.getByLabel('Search description, recipient or whole reference').fill('');
    await choose(page, status, 'Pending');
    await page.getByLabel('Search description, recipient or whole reference').fill('Transfer');
    await page.waitForURL(/Transfer/);
    expect(await status.textContent()).toContain('Pending');
    await page.context().close();
  });
});
