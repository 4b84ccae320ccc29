// Fuzzing from the contract: requests for every route of the OpenAPI document, valid, boundary and malformed,
// with a valid session where the route needs one. No request may get a 5xx, and every refusal is the API's
// JSON error shape. npm test sends 1,000 requests; npm run fuzz sends 10,000 (FUZZ_RUNS) and also checks that
// the server's memory stays flat. FUZZ_SEED replays a run.
import fc from 'fast-check';
import { approvedCustomer, createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { operationsOf, requestArb, type FuzzRequest } from './request-arbitraries';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Heap growth allowed between the warm-up and the end of a 10,000-request run (after garbage collection). */
const HEAP_GROWTH_LIMIT_BYTES = 64 * 1024 * 1024;

jest.setTimeout(Math.max(10 * 60_000, RUNS * 200));

interface Failure {
  label: string;
  url: string;
  status: number;
  body: string;
}

describe(`contract fuzzing (${RUNS} requests, seed ${SEED})`, () => {
  let t: TestApp;
  let customer: Session;
  let staff: Session;
  const failures: Failure[] = [];
  const heapSamples: number[] = [];
  let sent = 0;

  beforeAll(async () => {
    // FUZZ_LOG=1: the server's error log on stderr (what a 5xx was), for turning a failure into a regression test.
    const log = process.env.FUZZ_LOG === '1';
    t = await createTestApp(log ? { logLevel: 'error' } : {}, log ? { logStream: process.stderr } : {});
    staff = await staffSession(t.app);
    customer = (await approvedCustomer(t.app, { funded: '5000.00', staff })).session;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every generated request without a 5xx, and refuses in the API error shape', async () => {
    const operations = operationsOf(t.app.swagger() as never);
    expect(operations.length).toBeGreaterThan(30);
    const samples = fc.sample(requestArb(operations), { numRuns: RUNS, seed: SEED });
    for (const r of samples) {
      const own = r.staff ? staff : customer;
      const other = r.staff ? customer : staff;
      const headers: Record<string, string> = {};
      if (r.contentType) headers['content-type'] = r.contentType;
      if (r.session === 'valid') Object.assign(headers, own.headers);
      if (r.session === 'other-kind') Object.assign(headers, other.headers);
      if (r.session === 'no-csrf') headers.cookie = own.cookie;
      if (r.method !== 'GET') headers['idempotency-key'] = `fuzz-${sent}-${SEED}`;
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers, ...(r.payload !== undefined ? { payload: r.payload } : {}) });
      sent++;
      checkAnswer(r, res.statusCode, res.body, failures);
      // A signed-out or re-secured session is replaced, so that the rest of the run still reaches the handlers.
      if (r.session === 'valid' && /logout|change-password|profile/.test(r.url) && res.statusCode < 300) await refreshSessions();
      if (sent % 1_000 === 0) heapSamples.push(heapAfterGc());
    }
    if (failures.length)
      process.stdout.write(
        `fuzz failures (seed ${SEED}):\n${failures
          .slice(0, 30)
          .map((f) => `  ${f.label} ${f.url.slice(0, 120)} -> ${f.status} ${f.body.slice(0, 200)}`)
          .join('\n')}\n`,
      );
    expect(failures.map((f) => `${f.label} -> ${f.status}`)).toEqual([]);
  });

  it('keeps the server heap flat across the run (npm run fuzz: 10,000 requests, --expose-gc)', () => {
    if (RUNS < 10_000 || typeof global.gc !== 'function') return;
    const warm = heapSamples[1];
    const last = heapSamples[heapSamples.length - 1];
    process.stdout.write(`heap after GC every 1,000 requests (MB): ${heapSamples.map((b) => (b / 2 ** 20).toFixed(1)).join(' ')}\n`);
    expect(last - warm).toBeLessThan(HEAP_GROWTH_LIMIT_BYTES);
  });

  async function refreshSessions() {
    staff = await staffSession(t.app);
    customer = (await approvedCustomer(t.app, { funded: '5000.00', staff })).session;
  }
});

function heapAfterGc() {
  global.gc?.();
  return process.memoryUsage().heapUsed;
}

function checkAnswer(r: Omit<FuzzRequest, 'headers'>, status: number, body: string, failures: Failure[]) {
  const fail = () => failures.push({ label: r.label, url: r.url, status, body });
  if (status >= 500) return fail();
  if (status < 400) return;
  try {
    const parsed = JSON.parse(body) as { success?: unknown; error?: unknown };
    if (parsed.success !== false || typeof parsed.error !== 'string') fail();
  } catch {
    fail();
  }
}
