// Found by npm run chaos: an Idempotency-Key whose request died with its server process (kill -9) stayed
// "in progress" (a committed claim row) for a minute, so every retry heard 409 until the claim went stale.
// The key is now a transaction-scoped lock taken in the transaction that does the work: it goes with the
// rolled-back work when the process, its connection or the database dies.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { generateSecret } from 'otplib';
import { freePort } from '../../../server/src/db/embedded-postgres';
import { approvedCustomer, createTestApp, staffSession, type Session, type TestApp } from '../../../server/test/helpers/test-app';
import { staffToken } from '../../src/bench/harness';
import { serverEnv, spawnServer, waitReady } from '../../src/bench/server-process';

jest.setTimeout(180_000);

const ADMIN = { email: 'crash.admin@strongroom.local', password: 'Crash!Admin-Passw0rd', totpSecret: generateSecret() };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Idempotency-Key after a crash', () => {
  let t: TestApp;
  let staff: Session;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffSession(t.app);
    db = new Client({ connectionString: t.config.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const incoming = (accountNumber: string, reference: string) => ({
    accountNumber,
    amount: '12.34',
    currency: 'USD',
    senderName: 'Crash Payroll',
    senderBank: 'Crash Bank',
    reference,
  });
  const credited = async (reference: string) =>
    Number((await db.query(`SELECT count(*)::int AS n FROM journals WHERE kind = 'incoming' AND metadata->>'networkReference' = $1`, [reference])).rows[0].n);

  it('lets the retry of a request whose server was killed (kill -9) mid-transaction go ahead at once, and books it once', async () => {
    const customer = await approvedCustomer(t.app, { staff });
    const reference = `CRASH-${randomBytes(4).toString('hex').toUpperCase()}`;
    // A server process of its own on the same database, to be killed while its request is inside its transaction.
    const port = await freePort();
    const child = spawnServer(
      serverEnv({
        databaseUrl: t.config.databaseUrl!,
        port,
        dataDir: join(t.dataDir, 'crash-server'),
        sessionSecret: t.config.sessionSecret,
        encryptionKeyHex: t.config.encryptionKey.toString('hex'),
        extra: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_TOTP_SECRET: ADMIN.totpSecret, LOG_LEVEL: 'fatal' },
      }),
      [],
      'ignore',
    );
    const exited = new Promise((r) => child.once('exit', r));
    try {
      const base = `http://127.0.0.1:${port}`;
      expect(await waitReady(base, 120_000)).toBe(true);
      const token = await staffToken(base, ADMIN.email, ADMIN.password, ADMIN.totpSecret);
      // Hold the customer's ledger account so the request stops inside its transaction, the key taken.
      await db.query('BEGIN');
      await db.query(`SELECT id FROM ledger_accounts WHERE customer_id = $1 FOR UPDATE`, [customer.id]);
      const doomed = fetch(`${base}/v1/admin/incoming-transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(incoming(customer.accountNumber, reference)),
      }).catch(() => undefined);
      // Read as the owner: the server's own role does not see other roles' wait events in pg_stat_activity.
      const waiting = async () => Number((await t.ownerQuery(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`))[0].n);
      while ((await waiting()) === 0) await sleep(50);
      child.kill('SIGKILL');
      await exited;
      await doomed;
      await db.query('COMMIT');
      // The killed server's database session notices its client is gone and rolls back; wait until it has.
      const sessions = async () =>
        Number((await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE client_port IS NOT NULL AND query LIKE '%post_journals%' AND state <> 'idle'`)).rows[0].n);
      for (let i = 0; i < 200 && (await sessions()) > 0; i++) await sleep(50);
      expect(await credited(reference)).toBe(0);

      const retry = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload: incoming(customer.accountNumber, reference) });
      expect(retry.statusCode).toBe(201);
      expect(await credited(reference)).toBe(1);
      const again = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload: incoming(customer.accountNumber, reference) });
      expect({ status: again.statusCode, body: again.json() as unknown }).toEqual({ status: 201, body: retry.json() as unknown });
      expect(await credited(reference)).toBe(1);
    } finally {
      await db.query('ROLLBACK').catch(() => undefined);
      child.kill('SIGKILL');
    }
  });

  it('answers 409 while another transaction holds the key, and goes ahead once that transaction is gone', async () => {
    const customer = await approvedCustomer(t.app, { staff });
    const reference = `HELD-${randomBytes(4).toString('hex').toUpperCase()}`;
    const holder = new Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    holder.on('error', () => undefined);
    const key = `incoming:${reference}`;
    await holder.query('BEGIN');
    await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`incoming-transfers ${key}`]);
    const held = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload: incoming(customer.accountNumber, reference) });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ success: false, error: expect.stringMatching(/in progress/) as string });
    // pg_terminate_backend, as the chaos run does to random server connections.
    const [{ pid }] = (await holder.query(`SELECT pg_backend_pid() AS pid`)).rows as { pid: number }[];
    await db.query(`SELECT pg_terminate_backend($1)`, [pid]);
    await holder.end().catch(() => undefined);
    const after = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload: incoming(customer.accountNumber, reference) });
    expect(after.statusCode).toBe(201);
    expect(await credited(reference)).toBe(1);
    const rowsLeft = await db.query(`SELECT status FROM idempotency_keys WHERE key = $1`, [key]);
    expect(rowsLeft.rows).toEqual([{ status: 'done' }]);
  });

  it('records a refusal as the key’s answer in the same transaction, and replays it', async () => {
    const reference = `REFUSED-${randomBytes(4).toString('hex').toUpperCase()}`;
    const payload = incoming('0000000001', reference);
    const first = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload });
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    const again = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload });
    expect({ status: again.statusCode, body: again.json() as unknown }).toEqual({ status: first.statusCode, body: first.json() as unknown });
    const recorded = await db.query(`SELECT status, response_status FROM idempotency_keys WHERE key = $1`, [`incoming:${reference}`]);
    expect(recorded.rows).toEqual([{ status: 'done', response_status: first.statusCode }]);
  });

  it('still answers 409 for a fresh claim row left by an older server, and takes over a stale one', async () => {
    // A refused payment (unknown account) leaves a 'done' row with this request's hash and books nothing;
    // turned back into an older server's claim, it stands for a request still in flight there.
    const reference = `LEGACY-${randomBytes(4).toString('hex').toUpperCase()}`;
    const key = `incoming:${reference}`;
    const payload = incoming('0000000002', reference);
    const refused = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await db.query(`UPDATE idempotency_keys SET status = 'in_progress', response_status = NULL, response_body = NULL, created_at = now() WHERE key = $1`, [key]);
    const fresh = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload });
    expect(fresh.statusCode).toBe(409);
    await db.query(`UPDATE idempotency_keys SET created_at = now() - interval '10 minutes' WHERE key = $1`, [key]);
    const stale = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: staff.headers, payload });
    expect({ status: stale.statusCode, body: stale.json() as unknown }).toEqual({ status: refused.statusCode, body: refused.json() as unknown });
    expect((await db.query(`SELECT status FROM idempotency_keys WHERE key = $1`, [key])).rows).toEqual([{ status: 'done' }]);
  });
});
