import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = resolve(__dirname, '..', '..', 'artifacts', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

export async function newContext(browser: Browser, baseURL: string, viewport = { width: 1280, height: 860 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Saves a full-page screenshot under artifacts/screenshots (kept as a test artifact). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, accountNumber: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Account Number').fill(accountNumber);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/dashboard');
}
