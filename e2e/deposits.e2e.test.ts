import { newContext, screenshot, signIn } from './helpers/browser';
import { signInStaff } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

// The seeded demo customer (server seed), with money in a USD checking account.
const DEMO = { accountNumber: '1000000001', password: 'Demo@2026!', pin: '1234' };

describe('term deposits', () => {
  const ctx = useServerAndBrowser();

  it('opens a 6-month deposit at the quoted rate, lists it, withdraws it early with the forfeit shown before the PIN, and staff read it', async () => {
    const p = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await signIn(p, DEMO.accountNumber, DEMO.password);
    await p.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Term deposits' }).click();
    await p.waitForURL('**/deposits');
    await p.getByRole('heading', { name: 'Term deposits' }).waitFor();

    // The form, then the quote: the 6-month rate in force today, the maturity date and the interest to expect.
    await p.getByRole('button', { name: 'Open a term deposit' }).click();
    const form = p.getByRole('dialog', { name: 'Open a term deposit' });
    await form.getByLabel('Amount').fill('999.99');
    await form.getByRole('button', { name: 'See the rate' }).click();
    await form.getByText('A term deposit is at least 1,000.00').waitFor();
    await form.getByLabel('Amount').fill('1000.00');
    await form.getByRole('button', { name: 'See the rate' }).click();
    const quote = form.getByTestId('deposit-quote');
    await quote.getByText('3.50%').waitFor();
    await quote.getByText(/Matures on \d{4}-\d{2}-\d{2}/).waitFor();
    const interest = (await quote.getByTestId('quote-interest').textContent())!;
    expect(interest).toMatch(/^\$\d+\.\d{2}$/);
    await expectNoSeriousA11yViolations(p, 'deposit quote');
    await screenshot(p, 'deposit-quote');
    await form.getByRole('button', { name: 'Open deposit' }).click();

    const pin = p.getByRole('dialog', { name: 'Confirm your term deposit' });
    await pin.getByLabel('Transaction PIN').fill('0000');
    await pin.getByRole('button', { name: 'Open deposit' }).click();
    await pin.getByText(/Incorrect PIN/).waitFor();
    await pin.getByLabel('Transaction PIN').fill(DEMO.pin);
    await pin.getByRole('button', { name: 'Open deposit' }).click();
    await pin.waitFor({ state: 'hidden' });

    // Listed: term, rate, principal, maturity, the interest quoted and the renewal choice.
    await p.getByText('Your term deposit 6 months is open at 3.50%.').waitFor();
    const row = p.getByTestId('deposit-row').filter({ hasText: 'Term deposit 6 months' });
    await row.getByText('$1,000.00').waitFor();
    await row.getByText(interest).waitFor();
    await row.getByText('Paid out').waitFor();
    await expectNoSeriousA11yViolations(p, 'deposits list');
    await screenshot(p, 'deposits-list');

    // The detail: renewal switched on, then early withdrawal with the forfeit and the payout shown before the PIN.
    await row.click();
    const detail = p.getByRole('dialog', { name: /Term deposit 6 months/ });
    await detail.getByLabel('Renew at maturity').click();
    await detail.getByText(/the same term starts again/).waitFor();
    await detail.getByRole('button', { name: 'Withdraw early' }).click();
    const withdrawal = p.getByRole('dialog', { name: 'Withdraw early' });
    const figures = withdrawal.getByTestId('withdrawal-quote');
    await figures.getByText(/You receive \$1,000\.00/).waitFor();
    await figures.getByText(/The interest of the last 30 days, \$0\.00, is forfeited/).waitFor();
    await expectNoSeriousA11yViolations(p, 'early withdrawal');
    await screenshot(p, 'deposit-withdrawal');
    await withdrawal.getByLabel('Transaction PIN').fill(DEMO.pin);
    await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
    await p.getByText(/Term deposit withdrawn: \$1,000\.00 paid to/).waitFor();
    await row.getByText('Withdrawn').waitFor();

    // Staff read it in the console, by maturity date, with its outcome.
    const staff = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await staff.goto('/admin/');
    await signInStaff(staff, ctx.server().dataDir);
    await staff.getByRole('menuitem', { name: 'Term deposits' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Term deposits' }).waitFor();
    const listed = staff.getByRole('row').filter({ hasText: '$1,000.00' });
    await listed.getByText('Withdrawn').waitFor();
    await expectNoSeriousA11yViolations(staff, 'console: term deposits');
    await listed.getByRole('cell').first().click();
    await staff.getByRole('heading', { level: 1, name: /Term deposit 6 months/ }).waitFor();
    await staff.getByText('3.50% for 6 months').waitFor();
  });
});
