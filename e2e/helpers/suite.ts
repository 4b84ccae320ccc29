import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type ServerOptions } from './server';

/** One real server and one browser per test file, started before and stopped after its tests. */
export function useServerAndBrowser(env: Record<string, string> = {}, opts: ServerOptions = {}): { server: () => RunningServer; browser: () => Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env, opts), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    server: () => server!,
    browser: () => browser!,
  };
}
