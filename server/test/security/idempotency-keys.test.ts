import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { approvedCustomer, codeIn, createTestApp, lastMail, staffSession, type TestApp } from '../helpers/test-app';
import { localTransfer } from '../helpers/transfer-payloads';

const local = localTransfer();

describe('Idempotency-Key records and scopes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A local transfer taken through code and PIN: a pending transaction staff can approve. */
  async function pendingTransfer(c: Awaited<ReturnType<typeof approvedCustomer>>): Promise<string> {
    const { transferId } = (await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: c.session.headers, payload: local })).json();
    const mail = await lastMail(t.app, c.email as string);
    if (mail.template === 'transferCode') {
      await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: c.session.headers, payload: { transferId, code: codeIn(mail.bodyText) } });
    }
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: c.session.headers, payload: { transferId, pin: '2468' } });
    return pin.json().transaction.id;
  }

  it('keeps an HMAC of the request under a server key, not a hash anyone can recompute from the PIN', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const body = { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' };
    const key = 'hmac-check-0001';
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: { ...a.session.headers, 'idempotency-key': key }, payload: body });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.query(`SELECT request_hash FROM idempotency_keys WHERE key = $1`, [key]);
    const stable = `{"amount":"1.00","pin":"2468","recipientAccountNumber":"${b.accountNumber}"}`;
    // The unkeyed form this record used to hold: all 10,000 PINs tried against it would find the PIN.
    const unkeyed = createHash('sha256').update(`POST /v1/transfer/same ${stable}`).digest('hex');
    const unkeyedWithParams = createHash('sha256').update(`POST /v1/transfer/same null ${stable}`).digest('hex');
    expect(row.request_hash).toMatch(/^[0-9a-f]{64}$/);
    expect([unkeyed, unkeyedWithParams]).not.toContain(row.request_hash);
  });

  it('refuses a used key with another body before judging the PIN (no attempt counted)', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const headers = { ...a.session.headers, 'idempotency-key': 'reuse-before-pin-01' };
    const first = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' } });
    expect(first.statusCode).toBe(201);
    for (const pin of ['0000', '1111', '2222', '3333', '4444', '5555']) {
      const other = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin } });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ success: false, error: 'This Idempotency-Key was already used for a different request' });
    }
    const [{ pin_failed_count, pin_locked_until }] = await t.app.db.query(`SELECT failed_count AS pin_failed_count, locked_until AS pin_locked_until FROM pin_attempts WHERE customer_id = $1`, [a.id]);
    expect(pin_failed_count).toBe(0);
    expect(pin_locked_until).toBeNull();
    // The same request still replays its first answer.
    const replay = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' } });
    expect(replay.json().transaction.reference).toBe(first.json().transaction.reference);
  });

  it('never answers a revoked session with the replay its key would give: the key read with the session check is answered only once it has passed', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const headers = { ...a.session.headers, 'idempotency-key': 'revoked-replay-01' };
    const payload = { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' };
    const first = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload });
    expect(first.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: a.session.headers })).statusCode).toBeLessThan(300);
    const replay = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers, payload });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().success).toBe(false);
    expect(replay.body).not.toContain(first.json().transaction.reference);
  });

  it("keeps one customer's key apart from another's who sends the same key", async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { funded: '100.00', staff: a.staff });
    const key = 'shared-key-text-01';
    const fromA = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/same',
      headers: { ...a.session.headers, 'idempotency-key': key },
      payload: { recipientAccountNumber: b.accountNumber, amount: '2.00', pin: '2468' },
    });
    const fromB = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/same',
      headers: { ...b.session.headers, 'idempotency-key': key },
      payload: { recipientAccountNumber: a.accountNumber, amount: '3.00', pin: '2468' },
    });
    expect([fromA.statusCode, fromB.statusCode]).toEqual([201, 201]);
    expect(fromB.json().transaction.reference).not.toBe(fromA.json().transaction.reference);
    expect(fromB.json().transaction.amount).toBe('3.00');
  });

  it("reads a same-bank transfer's key in its session check's own statement, not after it", async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    // With the keys' table held, a lookup made after the session check, or beside it in a statement of its own, would
    // leave the session check free to finish: here the one statement that waits is the session check itself.
    const holder = t.app.db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    let sent: Promise<LightMyRequestResponse> | undefined;
    try {
      await holder.query('LOCK TABLE idempotency_keys IN ACCESS EXCLUSIVE MODE');
      sent = t.app.inject({
        method: 'POST',
        url: '/v1/transfer/same',
        headers: { ...a.session.headers, 'idempotency-key': 'beside-session-01' },
        payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' },
      });
      // The statements waiting for the keys' table (pg_stat_activity keeps only the first 1 kB of their text).
      const waitingOn = async () =>
        (
          await t.app.db.query(`SELECT a.query FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND c.relname = 'idempotency_keys'`)
        ).map((r: { query: string }) => r.query);
      let waiting: string[] = [];
      for (let tries = 0; tries < 100 && waiting.length === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        waiting = await waitingOn();
      }
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatch(/FROM sessions/);
    } finally {
      await holder.commitTransaction();
      await holder.release();
      // Answered before the test app closes, whatever the assertions above said.
      await sent?.catch(() => undefined);
    }
    expect((await sent!).statusCode).toBe(201);
  });

  it("scopes a key by the URL's ids: approving X then Y with one key approves both", async () => {
    const staff = await staffSession(t.app);
    const a = await approvedCustomer(t.app, { funded: '500.00', staff });
    const x = await pendingTransfer(a);
    const y = await pendingTransfer(a);
    const headers = { ...staff.headers, 'idempotency-key': 'approve-scope-0001' };
    const first = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${x}/approve`, headers });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${y}/approve`, headers });
    expect(second.statusCode).toBe(200);
    const statuses = await t.app.db.query(`SELECT id, status FROM transactions WHERE id = ANY($1) ORDER BY id`, [[x, y]]);
    expect(statuses.map((r: { status: string }) => r.status)).toEqual(['success', 'success']);
    // And X again with the key is its own replay, not a second settlement.
    const again = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${x}/approve`, headers });
    expect(again.json()).toEqual(first.json());
  });
});
