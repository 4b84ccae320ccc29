import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../..');
const CLIENT = join(ROOT, 'clients/typescript/strongroom-client.ts');

/**
 * What the client exports. It is loaded at run time: its types come from the generated module, which exists only
 * once this test has generated it (and is type-checked there), so the server's own type-check does not read it.
 */
interface GeneratedClient {
  signIn(baseUrl: string, accountNumber: string, password: string): Promise<{ cookie: string; csrfToken: string }>;
  paySameBank(
    baseUrl: string,
    session: { cookie: string; csrfToken: string },
    payment: { recipientAccountNumber: string; amount: string; pin: string; idempotencyKey: string },
  ): Promise<{ reference: string; amount: string; fees: string; status: string }>;
  latestTransactions(baseUrl: string, session: { cookie: string; csrfToken: string }, pageSize: number): Promise<{ reference: string; type: string; amount: string; status: string }[]>;
}

/**
 * A third party's path: the served contract -> openapi-typescript -> a client with openapi-fetch that type-checks
 * under tsc --strict without a cast, and works against the API listening on 127.0.0.1.
 */
describe('a client generated from the published contract', () => {
  let t: TestApp;
  let baseUrl: string;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'strongroom-client-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('generates types that the client type-checks against strictly, with no cast', async () => {
    const doc = await fetch(`${baseUrl}/docs/json`);
    expect(doc.status).toBe(200);
    writeFileSync(join(dir, 'openapi.json'), await doc.text());
    await run(process.execPath, [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), join(dir, 'openapi.json'), '--output', join(dir, 'strongroom-api.d.ts')], { cwd: dir });
    const types = readFileSync(join(dir, 'strongroom-api.d.ts'), 'utf8');
    // Money is a string in the generated types (a lost schema would make it `never` or `unknown`).
    expect(types).toMatch(/amount\??: string;/);
    expect(types).not.toMatch(/amount\??: never/);

    // No cast, no any, no suppressed error in the client's code (its comments aside).
    const source = readFileSync(CLIENT, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(source).toMatch(/createClient<paths>/);
    expect(source).not.toMatch(/\bas\s+[A-Za-z{[]|\bany\b|@ts-(ignore|expect-error|nocheck)|(?:[=(,:]|return)\s*<[A-Za-z][\w.]*>\s*[\w(]/);
    const tsconfig = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        baseUrl: dir,
        paths: { 'strongroom-api': [join(dir, 'strongroom-api.d.ts')], 'openapi-fetch': [join(ROOT, 'node_modules/openapi-fetch')] },
      },
      files: [CLIENT],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir }).catch((err: { stdout: string; code: number }) => err);
    expect('code' in result ? result.stdout : '').toBe('');
  }, 120_000);

  it('signs in, pays another customer with the PIN and an Idempotency-Key, and lists the payment', async () => {
    const { latestTransactions, paySameBank, signIn }: GeneratedClient = await import(CLIENT);
    const payer = await approvedCustomer(t.app, { funded: '300.00' });
    const payee = await approvedCustomer(t.app, { staff: payer.staff });
    const session = await signIn(baseUrl, payer.accountNumber, payer.password as string);
    const payment = { recipientAccountNumber: payee.accountNumber, amount: '42.50', pin: '2468', idempotencyKey: randomUUID() };
    const paid = await paySameBank(baseUrl, session, payment);
    expect(paid).toMatchObject({ amount: '42.50', fees: '0.00', status: 'success' });
    // The same key again answers the first payment, and moves no money a second time.
    expect(await paySameBank(baseUrl, session, payment)).toEqual(paid);
    const listed = await latestTransactions(baseUrl, session, 5);
    expect(listed[0]).toEqual({ reference: paid.reference, type: 'debit', amount: '42.50', status: 'success' });
    expect(listed.filter((item) => item.type === 'debit')).toHaveLength(1);
    const [{ balance_minor: balance }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [payer.id]);
    expect(balance).toBe('25750');
  });
});
