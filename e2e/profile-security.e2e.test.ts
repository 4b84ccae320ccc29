import type { Page } from 'playwright-core';
import { fillLocalTransfer, newContext, screenshot, signIn } from './helpers/browser';
import { latestMail, sixDigitCode } from './helpers/mail';
import { useServerAndBrowser } from './helpers/suite';

const DEMO = { accountNumber: '1000000001', password: 'Demo@2026!' };
const SECOND = { accountNumber: '1000000002', password: 'Payee@2026!' };

/** Profile > Security: passkeys (Chromium's virtual authenticator), sessions, e-mail change. */
describe('profile security', () => {
  // Passkeys need a domain (WebAuthn refuses an IP address as the relying party): localhost.
  const ctx = useServerAndBrowser({}, { publicHost: 'localhost' });
  const page = async (): Promise<Page> => (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();

  /** A platform authenticator with user verification, as a laptop's fingerprint reader, for this page. */
  async function addVirtualAuthenticator(p: Page) {
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  }

  it('adds a passkey, signs in with it and no password, shows it used, then removes it', async () => {
    const p = await page();
    await addVirtualAuthenticator(p);
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/profile?tab=security');
    const section = p.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkeys yet.').waitFor();
    await section.getByLabel('Passkey name').fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const item = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').filter({ hasText: 'Work laptop' });
    await item.getByText(/never used/).waitFor();
    await screenshot(p, 'profile-security-passkey-added');

    await p.context().clearCookies();
    await p.goto('/auth/login');
    await p.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await p.waitForURL('**/dashboard');
    await p.goto('/profile?tab=security');
    await item.getByText(/last used/).waitFor();

    await item.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await section.getByText('You have no passkeys yet.').waitFor();
    await p.context().close();
  });

  it('approves a payment with a passkey instead of the e-mailed code and the PIN', async () => {
    const p = await page();
    await addVirtualAuthenticator(p);
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/profile?tab=security');
    const section = p.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Passkey name').fill('Phone');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').filter({ hasText: 'Phone' }).waitFor();

    await p.goto('/transfers');
    await fillLocalTransfer(p, '12.34');
    await p.getByRole('button', { name: 'Continue' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText('Approve this payment').waitFor();
    await dialog.getByRole('button', { name: 'Approve with a passkey' }).click();
    await dialog.getByText('Transfer submitted').waitFor();
    // The steps say how it was approved: by the passkey, not a PIN.
    expect(await dialog.getByText('Passkey', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText('PIN', { exact: true }).count()).toBe(0);
    await screenshot(p, 'transfer-approved-with-passkey');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await p.getByTestId('transaction-row').filter({ hasText: 'Sam Carter' }).first().waitFor();

    await p.goto('/profile?tab=security');
    await section.getByRole('button', { name: 'Remove passkey Phone' }).click();
    await section.getByText('You have no passkeys yet.').waitFor();
    await p.context().close();
  });

  it('lists where the customer is signed in and signs out everywhere else', async () => {
    const laptop = await page();
    const phone = await page();
    await signIn(phone, SECOND.accountNumber, SECOND.password);
    await signIn(laptop, SECOND.accountNumber, SECOND.password);
    await laptop.goto('/profile?tab=security');
    const active = laptop.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
    await active
      .filter({ hasText: 'This device' })
      .getByText(/Chrome on Linux/)
      .waitFor();
    expect(await active.count()).toBe(2);
    await screenshot(laptop, 'profile-security-sessions');
    await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await laptop.getByText('You are signed out everywhere else').waitFor();
    // The confirmation comes with the answer; the list is read again after it.
    await active.nth(1).waitFor({ state: 'detached' });
    expect(await active.count()).toBe(1);
    await phone.goto('/dashboard');
    await phone.waitForURL('**/auth**');
    await laptop.context().close();
    await phone.context().close();
  });

  it('changes the e-mail address with the password and the code sent to the new address', async () => {
    const p = await page();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.goto('/profile?tab=security');
    const form = p.getByRole('form', { name: 'Change e-mail' });
    const newEmail = `alex.${Date.now()}@example.com`;
    await form.getByLabel('New e-mail address').fill(newEmail);
    await form.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await form.getByRole('button', { name: 'Send code' }).click();
    const confirm = p.getByRole('form', { name: 'Confirm new e-mail' });
    await confirm.getByText(`We sent a 6-digit code to ${newEmail}.`).waitFor();
    await confirm.getByLabel('Code from the e-mail').fill(sixDigitCode(await latestMail(ctx.server().dataDir, newEmail)));
    await confirm.getByRole('button', { name: 'Confirm new e-mail' }).click();
    await p.getByText(`Your e-mail address is ${newEmail}.`, { exact: false }).waitFor();
    await p.context().close();
  });
});
