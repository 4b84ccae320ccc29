import { freshOtp } from '../server/test/helpers/totp';
import { demoStaff } from './helpers/server';
import { choose, newContext, screenshot } from './helpers/browser';
import { signInStaff } from './helpers/console';
import { useServerAndBrowser } from './helpers/suite';
import { latestMail } from './helpers/mail';
import { expectNoSeriousA11yViolations } from './helpers/axe';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

// The bank's staff, managed by its admins (docs/decisions/0051), and the console's idle warning (0052).
describe('staff console: staff members and idle sessions', () => {
  // Several members sign in here from one address: more a minute than the default limit (20) lets through.
  const ctx = useServerAndBrowser({ LOGIN_RATE_LIMIT_PER_MINUTE: '200' });
  const staff = (role: 'admin' | 'auditor') => demoStaff(ctx.server().dataDir, role);
  const signIn = (role: 'admin' | 'auditor') => signInStaff(ctx.browser(), ctx.server().baseUrl, staff(role));

  it('lets an admin invite a colleague, who sets a password from the e-mailed link and enrols; then takes their access away', async () => {
    const email = `dana.${Date.now()}@bank.example`;
    const startedAt = Date.now() - 1000;
    const page = await signIn('admin');
    await page.getByRole('menuitem', { name: 'Staff' }).click();
    await page.getByText(staff('admin').email).waitFor();
    await expectNoSeriousA11yViolations(page, 'console: staff list');
    await page.getByRole('link', { name: 'Invite a colleague' }).click();
    // The shared schema's messages before anything is sent.
    await page.getByLabel('Full name').fill('D');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name must be 2 to 100 characters').waitFor();
    await page.getByText('Please select a role').waitFor();
    await page.getByLabel('Full name').fill('Dana Okoye');
    await page.getByLabel('Work e-mail').fill(email);
    await choose(page, 'Role', 'Auditor (read-only)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Invitation sent to ${email}`).waitFor();
    await page.getByText('Invited').waitFor();
    await screenshot(page, 'console-staff-invited');

    // The colleague, signed out in a browser of their own, follows the link.
    const link = /(https?:\/\/\S+#\/accept-invitation\?token=[A-Za-z0-9_-]+)/.exec(await latestMail(ctx.server().dataDir, email, { after: startedAt }))![1];
    const colleague = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await colleague.goto(link);
    await colleague.getByLabel('New password').fill('Dana!Passw0rd-2026');
    await colleague.getByLabel('Confirm the password').fill('Dana!Passw0rd-2026x');
    await colleague.getByRole('button', { name: 'Set my password' }).click();
    await colleague.getByText("Passwords don't match").waitFor();
    await colleague.getByLabel('Confirm the password').fill('Dana!Passw0rd-2026');
    await colleague.getByRole('button', { name: 'Set my password' }).click();
    await expectNoSeriousA11yViolations(colleague, 'console: invitation accepted');
    await colleague.getByRole('button', { name: 'Go to sign-in' }).click();
    await colleague.getByLabel('E-mail').fill(email);
    await colleague.getByLabel('Password', { exact: true }).fill('Dana!Passw0rd-2026');
    await colleague.getByRole('button', { name: 'Sign in' }).click();
    const secret = (await colleague.getByLabel('Authenticator key').textContent())!.trim();
    await colleague.getByLabel('Authenticator code').fill(await freshOtp(secret));
    await colleague.getByRole('button', { name: 'Verify and sign in' }).click();
    await colleague.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await colleague.getByText('Dana Okoye · Auditor').waitFor();

    // Access taken away: the colleague's next request finds their session gone.
    await page.reload();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('May sign in').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Deactivated').waitFor();
    await colleague.getByRole('menuitem', { name: 'Customers' }).click();
    await colleague.getByRole('heading', { name: 'Strongroom back office' }).waitFor();
    await colleague.context().close();
    await page.context().close();
  });

  it('asks whether the member is still there before the idle sign-out, and signs out saying why when unanswered', async () => {
    // The console's clock is ours to move, the server's is real (docs/decisions/0052).
    const page = await signInStaff(ctx.browser(), ctx.server().baseUrl, staff('auditor'), (fresh) => fresh.clock.install());
    await page.getByTestId('queue-customers').waitFor();
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward('13:40');
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await dialog.getByText(/^For your security the back office signs you out in \d+ seconds\.$/).waitFor();
    await expectNoSeriousA11yViolations(page, 'console: idle warning');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.clock.fastForward('14:31');
    await page.getByText('You were signed out after 15 minutes without activity, to keep your account safe. Please sign in again.').waitFor();
    await page.getByLabel('E-mail').waitFor();
    await page.context().close();
  });
});
