import type { Browser, Page } from 'playwright-core';
import { freshOtp } from '../../server/test/helpers/totp';
import { newContext } from './browser';
import type { DemoStaff } from './server';

/**
 * A new browser on the console's sign-in page with e-mail and password sent; `beforeLoad` runs on the page before it
 * loads anything (a fake clock, say).
 */
export async function enterStaffCredentials(browser: Browser, baseUrl: string, email: string, password: string, beforeLoad?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await (await newContext(browser, baseUrl)).newPage();
  if (beforeLoad) await beforeLoad(page);
  await page.goto('/admin/');
  await page.getByRole('heading', { name: 'Strongroom back office' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

/** Password, then the code from the member's authenticator (computed from their TOTP secret). */
export async function signInStaff(browser: Browser, baseUrl: string, member: DemoStaff, beforeLoad?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await enterStaffCredentials(browser, baseUrl, member.email, member.password, beforeLoad);
  await page.getByLabel('Authenticator code').fill(await freshOtp(member.totpSecret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  return page;
}
