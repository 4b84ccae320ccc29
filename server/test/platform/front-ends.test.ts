import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../src/plugins/front-ends.plugin';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Two built apps in a temporary folder, laid out as the build writes them (hashed files under assets/, .br and .gz
// beside each file worth compressing: scripts/vite-precompress.ts), so the test needs no real build.
const BUNDLE = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const html = (title: string, root = '<div id="root"></div>') => `<!doctype html><html><head><title>${title}</title></head><body>${root}${'<!-- padding -->'.repeat(80)}</body></html>`;
/** The customer app's index.html holds its landing page drawn at build time; app.html is the empty shell. */
const LANDING_ROOT = '<div id="root" data-prerendered="/"><h1>Banking that keeps your money safe</h1></div>';

function writeCompressed(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

function writeApp(dir: string, title: string, bundleName: string, { prerendered = false } = {}) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeCompressed(join(dir, 'index.html'), html(title, prerendered ? LANDING_ROOT : undefined));
  if (prerendered) writeCompressed(join(dir, 'app.html'), html(title));
  writeCompressed(join(dir, 'assets', bundleName), BUNDLE);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
}

describe('the built front ends are served like a real site', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'strongroom-front-ends-'));
    const customerDist = join(root, 'customer');
    const adminDist = join(root, 'admin');
    writeApp(customerDist, 'Strongroom', 'index-Ab12Cd34.js', { prerendered: true });
    writeApp(adminDist, 'Strongroom back office', 'index-Ef56Gh78.js');
    t = await createTestApp({ serveStatic: true }, { frontEnds: { customerDist, adminDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  describe.each([
    ['customer app', '/assets/index-Ab12Cd34.js'],
    ['console', '/admin/assets/index-Ef56Gh78.js'],
  ])('a hashed asset of the %s', (_app, url) => {
    it('is sent as brotli to a browser that accepts it, cached for a year as immutable', async () => {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(BUNDLE) / 2);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BUNDLE);
    });

    it('is sent as gzip when brotli is not accepted', async () => {
      const res = await get(url, 'gzip');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toBe(BUNDLE);
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    });

    it('is sent as it is when the client accepts no compression', async () => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(BUNDLE);
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    });
  });

  it.each([
    ['/', 'Strongroom'],
    ['/dashboard', 'Strongroom'],
    ['/auth/register?step=2', 'Strongroom'],
    ['/admin/', 'Strongroom back office'],
    ['/admin', 'Strongroom back office'],
  ])('answers %s with its app page, compressed and revalidated on every use', async (url, title) => {
    const res = await get(url, 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(`<title>${title}</title>`);
  });

  it('answers / with the landing page drawn at build time, and every other path of the customer app with the empty shell', async () => {
    const landing = brotliDecompressSync((await get('/', 'br')).rawPayload).toString();
    expect(landing).toContain(LANDING_ROOT);
    for (const url of ['/dashboard', '/auth/login', '/auth/register?step=2']) {
      const page = brotliDecompressSync((await get(url, 'br')).rawPayload).toString();
      expect(page).toContain('<div id="root"></div>');
      expect(page).not.toContain('Banking that keeps');
    }
    const withQuery = brotliDecompressSync((await get('/?utm_source=mail', 'br')).rawPayload).toString();
    expect(withQuery).toContain(LANDING_ROOT);
  });

  it('answers HEAD for an app page as GET would, without the body', async () => {
    for (const url of ['/', '/dashboard', '/admin/']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect({ url, status: res.statusCode, type: res.headers['content-type'] }).toEqual({ url, status: 200, type: expect.stringMatching(/^text\/html/) });
      expect(res.body).toBe('');
    }
  });

  it('revalidates an unhashed file outside assets/, and sends a file without compressed siblings as it is', async () => {
    const res = await get('/robots.txt', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(res.body).toBe('User-agent: *\n');
  });

  it('answers a missing asset with the JSON 404, never the app page', async () => {
    for (const url of ['/assets/index-gone.js', '/admin/assets/index-gone.js']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Not found' });
    }
  });
});
