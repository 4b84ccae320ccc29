import type { Page } from 'playwright-core';
import { choose, lockPaymentsWithWrongPins, newContext, screenshot, signIn } from './helpers/browser';
import { signInStaff } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';

const PHONE = { width: 375, height: 812 };
/** The first wait after a navigation: a page's code is fetched on first use, slow on a busy machine. */
const FIRST_LOAD = { timeout: 60_000 };

describe('loans', () => {
  const ctx = useServerAndBrowser();
  async function customerPage(viewport?: { width: number; height: number }): Promise<Page> {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, viewport)).newPage();
    await signIn(page, '1000000001', 'Demo@2026!');
    return page;
  }

  it('shows the calculator figures of standard amortisation, in dollars with two decimals', async () => {
    const page = await customerPage();
    await page.goto('/loans');
    await page.getByRole('heading', { name: 'Loans', level: 1 }).waitFor(FIRST_LOAD);
    expect(await page.getByTestId('calc-monthly').textContent()).toBe('$771.81');
    expect(await page.getByTestId('calc-principal-interest').textContent()).toBe('$771.81');
    expect(await page.getByTestId('calc-total-interest').textContent()).toBe('$2,785.27');
    expect(await page.getByTestId('calc-total').textContent()).toBe('$27,785.27');
    await expectNoSeriousA11yViolations(page, 'loans: calculator');
    await screenshot(page, 'loans-calculator');

    await page.getByLabel('Loan Amount').fill('10000');
    await page.getByLabel('Interest Rate (%)').fill('3.99');
    await page.getByLabel('Loan Term (months)').fill('60');
    await page.getByTestId('calc-monthly').getByText('$184.12').waitFor();
    expect(await page.getByTestId('calc-total').textContent()).toBe('$11,047.21');
    await page.getByLabel('Loan Term (months)').fill('');
    await page.getByTestId('calc-monthly').getByText('$0.00').waitFor();

    await page.getByRole('tab', { name: 'My Loans' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('history');
    await page.getByText('No Loan Applications').waitFor(FIRST_LOAD);
    await page.getByText("You haven't applied for any loans yet.").waitFor();
    await page.getByText('Application Tips').waitFor();
    await screenshot(page, 'loans-history-empty');
    await expectNoSeriousA11yViolations(page, 'loans: no applications');
    await page.getByRole('button', { name: 'Apply for Your First Loan' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('application');
    await page.context().close();

    const phone = await customerPage(PHONE);
    await phone.goto('/loans?tab=calculator');
    await phone.getByTestId('calc-total').getByText('$27,785.27').waitFor(FIRST_LOAD);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'loans-calculator-375');
    await expectNoSeriousA11yViolations(phone, 'loans calculator at 375 px');
    await phone.context().close();
  });

  it('takes an application in the browser, approval in the console, and shows the payout and the schedule', async () => {
    const page = await customerPage();
    await page.goto('/loans?tab=application');
    // The page's code is fetched on first use: give a busy machine time for it.
    await page.getByRole('heading', { name: 'Loan details' }).waitFor(FIRST_LOAD);
    await choose(page, 'Loan type', 'Personal Loan');
    await choose(page, 'Loan purpose', 'Home improvement');
    await page.getByLabel('Loan amount').fill('5000');
    await page.getByLabel('Term (months)').fill('24');
    await page.getByTestId('rate-preview').getByText('6.99% a year').waitFor();
    await page.getByLabel('Social Security Number').fill('123-45-6789');
    await page.getByLabel('Phone').fill('4155550142');
    await page.getByLabel('Address').fill('500 Market Street, Suite 10');
    await page.getByLabel('Zip code').fill('94105');
    await choose(page, 'Employment status', 'Employed', { exact: true });
    await page.getByLabel('Employer name').fill('Golden Gate Labs');
    await page.getByLabel('Job title').fill('Designer');
    await page.getByLabel('Annual income').fill('92000');
    await page.getByLabel('Monthly rent / mortgage').fill('2100');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('You must agree to the terms and conditions').waitFor();
    await expectNoSeriousA11yViolations(page, 'loans: application with errors');
    await page.getByLabel(/I agree to the loan terms/).check();
    await screenshot(page, 'loans-application');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Loan application submitted successfully').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('history');
    const card = page.getByTestId('loan-card').first();
    await card.getByTestId('loan-status').getByText('Pending Review').waitFor(FIRST_LOAD);
    await card.getByText('home improvement').waitFor();
    await card.getByText('$5,000.00').waitFor();
    await expectNoSeriousA11yViolations(page, 'loans: pending application');
    expect(await card.getByText('Approved Date').count()).toBe(0);

    const staffPage = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    // The console's bundle is large; on a busy machine its first load can take a while.
    await staffPage.goto('/admin/#/loans', FIRST_LOAD);
    await staffPage.getByLabel('E-mail').waitFor(FIRST_LOAD);
    await signInStaff(staffPage, ctx.server().dataDir);
    const row = staffPage.locator('tbody tr', { hasText: 'Alex Rivera' }).first();
    await row.getByText('Pending').waitFor(FIRST_LOAD);
    await expectNoSeriousA11yViolations(staffPage, 'console: loans');
    await row.getByText('Personal loan').click();
    await staffPage.getByText('***-**-6789').waitFor(FIRST_LOAD);
    await expectNoSeriousA11yViolations(staffPage, 'console: loan show');
    await staffPage.getByRole('button', { name: 'Move to under review' }).click();
    await staffPage.getByText('Loan application is under review').waitFor();
    await staffPage.getByRole('button', { name: 'Approve' }).click();
    await staffPage.getByRole('dialog', { name: 'Approve this loan?' }).waitFor();
    await expectNoSeriousA11yViolations(staffPage, 'console: loan approve dialog');
    await staffPage.getByRole('dialog', { name: 'Approve this loan?' }).getByRole('button', { name: 'Confirm approval' }).click();
    await staffPage.getByText('Loan approved and paid out').waitFor();
    await staffPage.getByText(/Schedule and collection: 0 paid, 0 missed, 24 due/).waitFor();
    await screenshot(staffPage, 'admin-loan-approved');
    await expectNoSeriousA11yViolations(staffPage, 'console: loan approved with its schedule');
    await staffPage.context().close();

    await page.goto('/transactions');
    await page.getByText('Personal loan disbursement').first().waitFor(FIRST_LOAD);
    await page.getByText('+$5,000.00').first().waitFor();
    await screenshot(page, 'loans-disbursement-transactions');

    await page.goto('/loans?tab=history');
    const approved = page.getByTestId('loan-card').first();
    await approved.getByTestId('loan-status').getByText('Approved').waitFor(FIRST_LOAD);
    await approved.getByText('Approved Date').waitFor();
    await approved.getByText(/Repayment schedule \(0 of 24 paid\)/).click();
    expect(await approved.getByTestId('instalment').count()).toBe(24);
    await approved.getByRole('button', { name: 'Pay next instalment' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'loans: history with an approved loan and its schedule');
    await screenshot(page, 'loans-history-approved');

    // A wrong PIN, then the right one in the same opening: it pays (the refusal's Idempotency-Key is not sent again).
    await approved.getByRole('button', { name: 'Pay next instalment' }).click();
    const dialog = page.getByRole('dialog');
    const payNow = dialog.getByRole('button', { name: 'Pay now' });
    await dialog.getByLabel('Transaction PIN').fill('9999');
    await payNow.click();
    await dialog.getByText('Incorrect PIN. 4 tries left.').waitFor();
    await dialog.getByLabel('Transaction PIN').fill('1234');
    await payNow.click();
    await approved.getByText(/Repayment schedule \(1 of 24 paid\)/).waitFor();

    // Five wrong PINs lock payments: the dialog then stops taking a PIN (the suite pays nothing after this).
    await approved.getByRole('button', { name: 'Pay next instalment' }).click();
    await lockPaymentsWithWrongPins(dialog, payNow);
    expect(await payNow.isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Transaction PIN').isDisabled()).toBe(true);
    await page.context().close();

    const phone = await customerPage(PHONE);
    await phone.goto('/loans?tab=history');
    await phone.getByTestId('loan-status').first().getByText('Approved').waitFor(FIRST_LOAD);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'loans-history-375');
    await expectNoSeriousA11yViolations(phone, 'loans history at 375 px');
    await phone.context().close();
  }, 300_000);
});
