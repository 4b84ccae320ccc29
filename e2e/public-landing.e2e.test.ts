import type { Page } from 'playwright-core';
import { newContext, screenshot } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';

// Journeys check every state with axe as they go: on a busy machine they need more than the default time.
jest.setTimeout(300_000);

/** Every page a visitor can reach without signing in, with the heading that says it has rendered. */
const PUBLIC_PAGES: [name: string, path: string, heading: string | RegExp][] = [
  ['landing', '/', /Banking that keeps your money safe/],
  ['login', '/auth/login', 'Welcome Back'],
  ['terms', '/auth/terms', 'Terms of Service'],
  ['register', '/auth/register', 'Open your account'],
  ['verify', '/auth/verify?email=visitor%40example.com', 'Verify Authenticity'],
  ['forgot-password', '/forgot-password', 'Forgot your password?'],
  ['reset-password', '/reset-password?token=not-a-real-token-0123456789', 'Set a new password'],
  ['not-found', '/no/such/page', '404'],
];

/**
 * Opens the landing page and waits until React has adopted it. The page paints from its HTML before any script
 * runs, and the landing page's code may arrive after the load event: what only scripts do (the FAQ's one open
 * answer, the newsletter's answer, the phone menu) works once React has adopted the page, whose first effect is
 * the session check.
 */
async function openAdoptedLandingPage(page: Page, path = '/') {
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/auth/check');
  await page.goto(path);
  await checked;
}

/** Waits until the section's top edge sits just under the sticky header. */
async function waitForSectionInView(page: Page, id: string) {
  await page.waitForFunction((sectionId) => {
    const top = document.getElementById(sectionId)!.getBoundingClientRect().top;
    return top >= 0 && top < 120;
  }, id);
}

describe('public site', () => {
  const ctx = useServerAndBrowser();

  it('shows every landing section and claim, and Learn More scrolls to About', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/');
    await page.locator('#home').waitFor();
    for (const id of ['home', 'about', 'services', 'how-it-works', 'testimonials', 'faq', 'contact']) {
      await expect(page.locator(`#${id}`).count()).resolves.toBe(1);
    }
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const item of ['Home', 'About', 'Services', 'FAQ', 'Contact']) await nav.getByRole('link', { name: item, exact: true }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Open Account' }).waitFor();
    for (const text of [
      'Secure Transfers',
      'Multi-Currency Accounts',
      '24/7 Support',
      'Instant Virtual Cards',
      'Low Fees',
      'Family Accounts',
      'Sign Up',
      'Verify Identity',
      'Start Banking',
      '99%',
      'Quick Links',
      'About Us',
      'Savings',
      'Loans',
      'Investments',
    ]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page
      .getByText(/over 50 countries/)
      .first()
      .waitFor();
    await page
      .getByText(/24\/7 by chat, email or phone/)
      .first()
      .waitFor();
    await page
      .getByText(/as little as 24 hours/)
      .first()
      .waitFor();
    await page
      .getByText(/from 2\.99%/)
      .first()
      .waitFor();
    await page
      .getByText(/valid ID and proof of address/)
      .first()
      .waitFor();
    await page
      .locator('#contact address')
      .getByText(/San Francisco/)
      .waitFor();
    expect(await page.getByTestId('testimonial').count()).toBe(3);
    await page.getByTestId('cta-banner').waitFor();
    await screenshot(page, 'landing-desktop');

    await page.getByRole('link', { name: 'Learn More' }).click();
    await waitForSectionInView(page, 'about');
  });

  it('paints the landing page from its HTML before any script runs, and React adopts that page without redrawing it', async () => {
    // Without JavaScript: the landing page is all there (drawn at build time), and a deep link gets the empty shell.
    const noScript = await ctx.browser().newContext({ baseURL: ctx.server().baseUrl, javaScriptEnabled: false, locale: 'en-US' });
    const still = await noScript.newPage();
    await still.goto('/');
    await still.getByRole('heading', { level: 1, name: /Banking that keeps your money safe/ }).waitFor();
    await still.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'FAQ', exact: true }).waitFor();
    expect(await still.locator('#faq details > summary').count()).toBe(5);
    await still.goto('/auth/login');
    await expect(still.locator('#root').innerHTML()).resolves.toBe('');
    await noScript.close();

    // With JavaScript: no hydration complaint, one page (not two), and the page answers input.
    const context = await newContext(ctx.browser(), ctx.server().baseUrl);
    const page = await context.newPage();
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (/hydrat|did not match|server rendered/i.test(message.text())) complaints.push(message.text());
    });
    page.on('pageerror', (error) => complaints.push(error.message));
    // React keeps the HTML it adopts; if it gave up on it, it would remove the drawn page (and show a loader).
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        const removedPage = records.some((record) => Array.from(record.removedNodes).some((node) => node instanceof Element && (node.matches('h1') || node.querySelector('h1'))));
        if (removedPage) document.documentElement.dataset.pageRedrawn = 'yes';
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/#contact', { waitUntil: 'networkidle' });
    await expect(page.evaluate(() => document.documentElement.dataset.pageRedrawn ?? 'no')).resolves.toBe('no');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    expect(complaints).toEqual([]);

    // A visitor who chose dark mode gets it once React has adopted the (light) page.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(18, 18, 18)');
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('explains, at an IP address, that passkeys need the site by its name (not the browser\'s "invalid domain")', async () => {
    // This suite's server is at 127.0.0.1 (the passkey journeys use localhost).
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText(/Passkeys work only at the bank's web address \(such as localhost\), not at an IP address/).waitFor();
    expect(await page.getByText(/invalid domain/).count()).toBe(0);
    await page.context().close();
  });

  it('keeps only one FAQ answer open at a time', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await openAdoptedLandingPage(page, '/#faq');
    const summaries = page.locator('#faq details > summary');
    expect(await summaries.count()).toBe(5);
    // The click itself decides which answer is open, and React renders that before the click's task ends: no waiting.
    // (The browser's own toggle reaches scripts only in a later task, so a page that follows it shows two answers.)
    const expectOpen = async (expected: string[]) => expect(await page.locator('#faq details[open] > summary').allTextContents()).toEqual(expected);
    // The first answer is open on arrival.
    await expectOpen(['What do I need to open an account?']);
    await page.getByText('What do I need to open an account?').click();
    await expectOpen([]);
    await page.getByText('How long does approval take?').click();
    await expectOpen(['How long does approval take?']);
    await page.getByText('How are my transfers protected?').click();
    await expectOpen(['How are my transfers protected?']);
    // Two quick clicks in a row still leave one answer open: the last one clicked.
    await page.getByText('What does it cost?').click({ noWaitAfter: true });
    await page.getByText('How long does approval take?').click();
    await expectOpen(['How long does approval take?']);
    // Clicking the open one closes it: none open.
    await page.getByText('How long does approval take?').click();
    await expectOpen([]);
    // The keyboard works the same way: Enter on a focused question opens it.
    await page.locator('#faq summary', { hasText: 'How are my transfers protected?' }).focus();
    await page.keyboard.press('Enter');
    await expectOpen(['How are my transfers protected?']);
  });

  it('answers the newsletter box honestly', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl)).newPage();
    await openAdoptedLandingPage(page, '/#contact');
    const box = page.getByLabel('Email address');
    await box.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    // The message sits on the navy footer: axe checks that it reads there.
    await expectNoSeriousA11yViolations(page, 'landing with the newsletter error');
    await box.fill('reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(/newsletter isn't live yet, so we haven't stored your address/).waitFor();
    await expect(box.inputValue()).resolves.toBe('');
  });

  it('opens the slide-in menu at 375 px, jumps to a section and follows Open Account to the terms', async () => {
    const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width: 375, height: 740 })).newPage();
    await openAdoptedLandingPage(page);
    // The desktop menu is hidden on a phone.
    await expect(page.getByRole('navigation', { name: 'Sections' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('list', { name: 'Mobile menu' });
    await menu.waitFor();
    for (const item of ['Home', 'About', 'Services', 'FAQ', 'Contact']) await menu.getByText(item, { exact: true }).waitFor();
    await page.getByRole('presentation').getByRole('link', { name: 'Login' }).waitFor();
    await screenshot(page, 'landing-mobile-menu');
    await expectNoSeriousA11yViolations(page, 'landing menu at 375 px');
    await menu.getByText('FAQ', { exact: true }).click();
    await menu.waitFor({ state: 'hidden' });
    await waitForSectionInView(page, 'faq');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('presentation').getByRole('link', { name: 'Open Account' }).click();
    await page.waitForURL('**/auth/terms');
    await page.getByText(/log in again after 15 minutes of inactivity/).waitFor();
    await page.getByRole('button', { name: 'I decline' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  // Each page at each width is also checked with axe: slow on a busy machine, hence the longer limit.
  it.each([1280, 375])(
    'lays out every public page at %i px without sideways scrolling or serious accessibility findings',
    async (width) => {
      const page = await (await newContext(ctx.browser(), ctx.server().baseUrl, { width, height: width === 375 ? 740 : 860 })).newPage();
      for (const [name, path, heading] of PUBLIC_PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        const overflowPx = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ page: name, width, overflowPx }).toEqual({ page: name, width, overflowPx: 0 });
        await screenshot(page, `public-${name}-${width}`);
        await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
      }
    },
    600_000,
  );

  it('answers unknown /v1 routes with JSON', async () => {
    const res = await fetch(`${ctx.server().baseUrl}/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: 'Not found' });
  });
});
