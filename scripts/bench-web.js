// npm run bench:web: what a first visit to each page costs. Builds what changed, starts the real server (embedded
// PostgreSQL under a temporary DATA_DIR, or BENCH_DATABASE_URL, which it migrates and seeds with the demo data),
// loads each page in headless Chromium with an empty cache, sums the JavaScript the page loaded (gzip -9 of each
// file, the figure the budgets use, and the bytes actually sent) and reads first contentful paint from the page's
// performance entries. A last row loads a one-line page sent with the same response headers (a local server of the
// bench's own): Chromium's floor on this machine, a new renderer process included (Cross-Origin-Opener-Policy
// makes each first visit start one), against which the pages' paint times read better between machines than as
// absolute figures. Prints a table; asserts nothing. Knobs: BENCH_WEB_RUNS (default 5), BENCH_SKIP_BUILD=1,
// CHROMIUM_PATH.

const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { createServer: createHttpServer } = require('node:http');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { gzipSync, constants } = require('node:zlib');
const { chromium } = require('playwright-core');

const ROOT = join(__dirname, '..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'];

/** What a visitor opens first, and (for enrolment) the step that needs the country list. */
const PAGES = [
  { label: 'Landing /', path: '/' },
  { label: 'Sign in /auth/login', path: '/auth/login' },
  { label: 'Enrolment /auth/register', path: '/auth/register' },
  {
    label: '  + country picker opened',
    path: '/auth/register',
    async then(page) {
      await page.getByRole('combobox', { name: 'Country' }).click();
      await page.getByRole('option').first().waitFor();
    },
  },
  { label: 'Console /admin/', path: '/admin/' },
];

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'strongroom-bench-web-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}` };
  delete env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Strongroom is running')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Serves one line of HTML with the headers the real server sends for `/` (its security headers above all). */
async function startReferenceServer(baseUrl) {
  const response = await fetch(`${baseUrl}/`);
  const skipped = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'etag', 'last-modified', 'vary', 'accept-ranges']);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !skipped.has(name)));
  const body = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reference</title></head><body><h1>One line of text</h1></body></html>';
  const server = createHttpServer((_req, res) => res.writeHead(200, headers).end(body));
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolveClose) => server.close(resolveClose)) };
}

/** One cold visit: a new context (empty cache), every script response counted, FCP from the page. */
async function visit(browser, baseUrl, target) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(target.path, { waitUntil: 'networkidle' });
  // On a busy machine the network can fall idle while the entry script still runs, before it asks for the page's
  // own chunk: the page counts as loaded once its <h1> is there and the network is idle after that.
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  if (target.then) {
    await target.then(page);
    await page.waitForLoadState('networkidle');
  }
  // The paint entry can arrive after the network is idle on a busy machine: wait for it (up to 15 s).
  const fcpMs = await page.evaluate(
    () =>
      new Promise((resolveFcp) => {
        const seen = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        if (seen() !== undefined) return resolveFcp(seen());
        new PerformanceObserver(() => seen() !== undefined && resolveFcp(seen())).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolveFcp(seen() ?? NaN), 15_000);
      }),
  );
  let rawBytes = 0;
  let gzipBytes = 0;
  let sentBytes = 0;
  const encodings = new Set();
  for (const response of scripts) {
    const body = await response.body();
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
    sentBytes += (await response.request().sizes()).responseBodySize;
    encodings.add(response.headers()['content-encoding'] ?? 'none');
  }
  await context.close();
  return { files: scripts.length, rawBytes, gzipBytes, sentBytes, encodings: [...encodings].join('+'), fcpMs };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, [join(__dirname, 'build.js')], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = await startServer();
  const reference = await startReferenceServer(server.baseUrl);
  PAGES.push({ label: 'Reference: one line, same headers', path: reference.url });
  const launch = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  let browser = await launch();
  // A visit that fails (a crashed or starved browser on a busy machine) is reported, not fatal.
  const attempt = async (target) => {
    try {
      if (!browser.isConnected()) browser = await launch();
      return await visit(browser, server.baseUrl, target);
    } catch (err) {
      console.error(`${target.label}: ${err.message.split('\n')[0]}`);
      return undefined;
    }
  };
  try {
    // Unmeasured: the server's first answers and Chromium's own start-up.
    for (const target of PAGES) await attempt(target);
    console.log(`\nFirst visit, empty cache, ${RUNS} runs each (FCP: median, min-max)\n`);
    const header = ['Page', 'JS files', 'JS KB', 'JS KB gzip', 'KB sent', 'encoding', 'FCP ms'];
    const rows = [];
    for (const target of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await attempt(target);
        if (run) runs.push(run);
      }
      if (!runs.length) {
        rows.push([target.label, 'failed', '', '', '', '', '']);
        continue;
      }
      const fcps = runs.map((r) => r.fcpMs).filter(Number.isFinite);
      const last = runs[runs.length - 1];
      rows.push([
        target.label,
        String(last.files),
        kb(last.rawBytes),
        kb(last.gzipBytes),
        kb(last.sentBytes),
        last.encodings,
        fcps.length ? `${median(fcps).toFixed(0)} (${Math.min(...fcps).toFixed(0)}-${Math.max(...fcps).toFixed(0)})` : 'n/a',
      ]);
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));
  } finally {
    await browser.close().catch(() => undefined);
    await reference.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
