import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser';

/**
 * Collects every Content-Security-Policy violation a page reports (the DOM event and Chromium's console
 * message), for every page of a browser context.
 */
export function watchCsp(context: BrowserContext): { violations: string[]; page(page: Page): void } {
  const violations: string[] = [];
  void context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy|CSP violation/i.test(text)) violations.push(`${page.url()}: ${text}`);
    });
  context.on('page', watch);
  return { violations, page: watch };
}

/** A browser context whose steps may wait a minute: these journeys walk every page, on a shared machine. */
export async function slowContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await newContext(browser, baseURL);
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  return context;
}
