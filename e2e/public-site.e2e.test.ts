import { newContext, screenshot } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';

describe('public site', () => {
  const ctx = useServerAndBrowser();

  it('shows every landing section and claim', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/');
    await page.locator('#home').waitFor();
    for (const id of ['home', 'about', 'services', 'how-it-works', 'testimonials', 'faq', 'contact']) {
      await expect(page.locator(`#${id}`).count()).resolves.toBe(1);
    }
    for (const text of ['Secure Transfers', 'Multi-Currency Accounts', '24/7 Support', 'Instant Virtual Cards', 'Low Fees', 'Family Accounts', 'Sign Up', 'Verify Identity', 'Start Banking', '99%', 'Quick Links', 'Savings', 'Investments']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByText(/over 50 countries/).first().waitFor();
    await page.getByText(/as little as 24 hours/).first().waitFor();
    await page.getByText(/from 2\.99%/).first().waitFor();
    expect(await page.getByTestId('testimonial').count()).toBe(3);
    await page.getByTestId('cta-banner').waitFor();
    await screenshot(page, 'landing-desktop');
  });

  it('keeps only one FAQ answer open at a time', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/#faq');
    await page.locator('#faq').waitFor();
    const questions = page.locator('#faq .MuiAccordion-root');
    expect(await questions.count()).toBe(5);
    await page.getByText('How long does approval take?').click();
    await page.getByText('How are my transfers protected?').click();
    await page.waitForTimeout(400);
    const expanded = await page.locator('#faq .MuiAccordionSummary-root[aria-expanded="true"]').allTextContents();
    expect(expanded).toEqual(['How are my transfers protected?']);
  });

  it('opens the slide-in menu at 375 px and follows Open Account to the terms', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width: 375, height: 740 })).newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('list', { name: 'Mobile menu' });
    await menu.waitFor();
    for (const item of ['Home', 'About', 'Services', 'FAQ', 'Contact']) await menu.getByText(item, { exact: true }).waitFor();
    await screenshot(page, 'landing-mobile-menu');
    await page.getByRole('link', { name: 'Open Account' }).last().click();
    await page.waitForURL('**/auth/terms');
    await page.getByRole('button', { name: 'I decline' }).waitFor();
    await screenshot(page, 'terms-mobile');
  });

  it('answers an unknown route with the 404 page and /v1 unknowns with JSON', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/no/such/page');
    await page.getByText("We can't find that page").waitFor();
    const res = await fetch(`${ctx.server().baseUrl}/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: 'Not found' });
  });
});
