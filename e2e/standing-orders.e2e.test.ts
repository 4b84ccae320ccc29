import type { Page } from 'playwright-core';
import { describeRepeat, formatCalendarDate, isoDayPlus, paymentDate } from '@strongroom/shared';
import { choose, fillLocalTransfer, newContext, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { signInStaff } from './helpers/console';
import { demoStaff } from './helpers/server';
import { latestMail } from './helpers/mail';
import { expectNoSeriousA11yViolations } from './helpers/axe';

jest.setTimeout(300_000);

/** The Repeats select (by its role: a list closing after a pick still carries the field's label for a moment). */
const repeatsField = (page: Page) => page.getByRole('combobox', { name: /^Repeats/ });

// docs/decisions/0053: a local transfer that repeats sets up a standing order, approved once; the customer stops it.
describe('standing orders', () => {
  const ctx = useServerAndBrowser();

  it('sets up a monthly payment with a last date, approved once with the PIN, lists it, and stops it after a confirmation', async () => {
    const p = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transfers');
    await fillLocalTransfer(p, '25.00');
    await choose(p, repeatsField(p), 'Every month');
    // The date is now the first of several; the last one is optional and must leave room for a second payment.
    const firstOn = await p.getByLabel('First payment date').inputValue();
    const secondOn = paymentDate(firstOn, 'monthly', 1);
    await p.getByLabel('Last payment date (optional)').fill(isoDayPlus(secondOn, -1));
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByText(`The second payment would be on ${secondOn}: choose that date or a later one`).waitFor();
    const untilOn = paymentDate(firstOn, 'monthly', 3);
    await p.getByLabel('Last payment date (optional)').fill(untilOn);
    const repeats = `Every month until ${formatCalendarDate(untilOn)}`;
    await p.getByTestId('quote').getByText(repeats).waitFor();
    await expectNoSeriousA11yViolations(p, 'transfers: a local transfer that repeats');

    const [asked] = await Promise.all([p.waitForRequest((request) => request.url().endsWith('/v1/transfer/local')), p.getByRole('button', { name: 'Continue' }).click()]);
    expect(asked.postDataJSON()).toMatchObject({ transferDate: firstOn, repeat: 'monthly', repeatUntil: untilOn });
    const dialog = p.getByRole('dialog');
    await dialog.getByText('Approve this payment').waitFor();
    // What the PIN approves names the repeats.
    await dialog.getByText(repeats).waitFor();
    await dialog.getByLabel('Transaction PIN').fill('1234');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(`It repeats ${describeRepeat('monthly', untilOn)}: you can stop the standing order on the Transfers page.`, { exact: false }).waitFor();
    await screenshot(p, 'standing-order-set-up');
    await p.keyboard.press('Escape');

    const orders = p.getByTestId('standing-orders');
    await orders.getByText('$25.00 to Sam Carter').waitFor();
    await orders.getByText(`${repeats} · account ending 3210 · next payment ${formatCalendarDate(secondOn)} · 1 payment made`).waitFor();
    await expectNoSeriousA11yViolations(p, 'transfers: standing orders');
    await screenshot(p, 'standing-orders');

    // The dashboard shows what is promised from the balance: the order's next payment, on its date.
    await p.goto('/dashboard');
    const upcoming = p.getByTestId('upcoming-payments');
    await upcoming.getByRole('heading', { name: 'Coming up' }).waitFor();
    const nextPayment = upcoming.getByRole('listitem').filter({ hasText: '$25.00 to Sam Carter' });
    await nextPayment.getByText(`Standing order, ${describeRepeat('monthly', untilOn)}`).waitFor();
    await nextPayment.getByText(formatCalendarDate(secondOn)).waitFor();
    await expectNoSeriousA11yViolations(p, 'dashboard: payments coming up');
    await screenshot(p, 'dashboard-coming-up');
    await upcoming.getByRole('link', { name: 'Manage' }).click();
    await p.waitForURL('**/transfers');

    // Stopping asks first; "Keep it" changes nothing.
    await orders.getByRole('button', { name: 'Stop the standing order to Sam Carter' }).click();
    const confirm = p.getByRole('dialog', { name: 'Stop this standing order?' });
    await confirm.getByText('No further payments of $25.00 to Sam Carter will be made.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await orders.getByText('Active').waitFor();
    await orders.getByRole('button', { name: 'Stop the standing order to Sam Carter' }).click();
    await confirm.getByRole('button', { name: 'Stop standing order' }).click();
    await p.getByText('Standing order stopped. No further payments will be made.').waitFor();
    await orders.getByText('Cancelled').waitFor();
    expect(await orders.getByRole('button', { name: /Stop the standing order/ }).count()).toBe(0);
    await expect(orders.getByText(`${repeats} · account ending 3210 · 1 payment made`).count()).resolves.toBe(1);
    // A stopped order promises nothing more: the dashboard no longer lists it.
    await Promise.all([p.waitForResponse((response) => response.url().endsWith('/v1/standing-orders')), p.goto('/dashboard')]);
    await p.getByTestId('recent-transactions').waitFor();
    expect(await p.getByTestId('upcoming-payments').getByText('$25.00 to Sam Carter').count()).toBe(0);
  });

  it('sends no repeat once the customer goes back to paying just once; that payment, dated tomorrow, waits in the scheduled list until cancelled', async () => {
    const p = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(p, '1000000001', 'Demo@2026!');
    await p.goto('/transfers');
    await fillLocalTransfer(p, '4.00');
    await choose(p, repeatsField(p), 'Every week');
    const tomorrow = isoDayPlus(await p.getByLabel('First payment date').inputValue(), 1);
    await p.getByLabel('Last payment date (optional)').fill(paymentDate(tomorrow, 'weekly', 4));
    await choose(p, repeatsField(p), 'Just once');
    expect(await p.getByLabel('Last payment date (optional)').count()).toBe(0);
    await p.getByLabel('Transfer date').fill(tomorrow);
    const [asked] = await Promise.all([p.waitForRequest((request) => request.url().endsWith('/v1/transfer/local')), p.getByRole('button', { name: 'Continue' }).click()]);
    expect(asked.postDataJSON()).not.toHaveProperty('repeat');
    expect(asked.postDataJSON()).not.toHaveProperty('repeatUntil');
    const dialog = p.getByRole('dialog');
    await dialog.getByText('Approve this payment').waitFor();
    expect(await dialog.getByText('Repeats').count()).toBe(0);
    await dialog.getByLabel('Transaction PIN').fill('1234');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(`Your local transfer is scheduled for ${formatCalendarDate(tomorrow)}.`, { exact: false }).waitFor();
    // Focus left with the Confirm button: it is on Done, so the keyboard closes the dialog at once.
    await p.waitForFunction(() => document.activeElement?.textContent === 'Done');
    await p.keyboard.press('Escape');

    // The form starts again empty: closing the dialog leaves no payment ready to be sent twice.
    await expect(p.getByLabel('Amount').inputValue()).resolves.toBe('');
    const scheduled = p.getByTestId('scheduled-transfers');
    await scheduled.getByText(`Sends on ${formatCalendarDate(tomorrow)} · fee $5.00`).waitFor();
    await scheduled.getByRole('button', { name: `Cancel the transfer to Sam Carter on ${tomorrow}` }).click();
    await p.getByText('Scheduled transfer cancelled').waitFor();
    await scheduled.getByText('Cancelled').waitFor();
    await scheduled.getByText(`Was due ${formatCalendarDate(tomorrow)} · fee $5.00`).waitFor();
    expect(await p.getByTestId('standing-orders').getByText('$4.00 to Sam Carter').count()).toBe(0);
  });

  it("shows staff a customer's standing orders, and lets an admin stop one at the customer's request", async () => {
    const customer = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(customer, '1000000001', 'Demo@2026!');
    await customer.goto('/transfers');
    await fillLocalTransfer(customer, '7.00');
    await choose(customer, repeatsField(customer), 'Every week');
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer.getByRole('dialog').getByLabel('Transaction PIN').fill('1234');
    await customer.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await customer.getByRole('dialog').getByText('It repeats every week', { exact: false }).waitFor();

    const startedAt = Date.now() - 1000;
    const staffPage = await signInStaff(ctx.browser(), ctx.server().baseUrl, demoStaff(ctx.server().dataDir, 'admin'));
    await staffPage.getByRole('menuitem', { name: 'Standing orders' }).click();
    await staffPage.getByRole('row').filter({ hasText: '$7.00' }).getByText('Alex Rivera').click();
    await staffPage.getByText('$7.00 to Sam Carter').waitFor();
    await staffPage.getByText('Every week').waitFor();
    await expectNoSeriousA11yViolations(staffPage, 'console: a standing order');

    // On the customer's page, beside their transactions: the order, stopped from there after a confirmation.
    await staffPage.getByRole('menuitem', { name: 'Customers' }).click();
    await staffPage.getByRole('row').filter({ hasText: '1000000001' }).first().click();
    const section = staffPage.locator('.MuiCard-root').filter({ has: staffPage.getByRole('heading', { name: 'Standing orders' }) });
    const row = section.getByRole('row').filter({ hasText: '$7.00' });
    await row.getByRole('button', { name: 'Stop' }).click();
    const confirm = staffPage.getByRole('dialog', { name: 'Stop this standing order?' });
    await confirm.getByText("Alex Rivera's payments of $7.00 to Sam Carter end now.", { exact: false }).waitFor();
    await screenshot(staffPage, 'console-stop-standing-order');
    await confirm.getByRole('button', { name: 'Stop standing order' }).click();
    await staffPage.getByText('Standing order stopped. The customer has been e-mailed.').waitFor();
    await row.getByText('Cancelled').waitFor();
    expect(await row.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(await latestMail(ctx.server().dataDir, 'demo@strongroom.local', { after: startedAt })).toContain('We have stopped your standing order of $7.00 to Sam Carter');
  });
});
