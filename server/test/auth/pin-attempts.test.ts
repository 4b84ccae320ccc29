import { randomUUID } from 'node:crypto';
import { AppError } from '../../src/common/app-error';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { MAX_CODE_ATTEMPTS } from '@strongroom/shared';
import { createDataSource } from '../../src/db/data-source';
import { ATTEMPT_IN_FLIGHT_LIMIT_S, COMMIT_WITHOUT_FLUSH, PinAttempts, pinLockMinutes } from '../../src/modules/pin';
import { reserveAndLoadSameBankParties } from '../../src/modules/transfers/transfers.queries';
import { approvedCustomer, createTestApp, registerCustomer, type TestApp } from '../helpers/test-app';

describe('PinAttempts (attempts reserved in the database before a PIN is verified)', () => {
  let t: TestApp;
  let attempts: PinAttempts;
  beforeAll(async () => {
    t = await createTestApp();
    attempts = new PinAttempts(t.app.db);
  });
  afterAll(() => t.close());

  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      return err as AppError;
    }
    throw new Error('expected a refusal');
  };
  /** The right PIN, noting whether it was judged at all. */
  const rightPin = () => {
    const pin = { judged: false, verify: async () => (pin.judged = true) };
    return pin;
  };
  const state = async (id: string) =>
    (await t.app.db.query(`SELECT failed_count AS pin_failed_count, lock_count AS pin_lock_count, locked_until AS pin_locked_until FROM pin_attempts WHERE customer_id = $1`, [id]))[0];

  it('evaluates at most 5 of 60 concurrent wrong PINs, then refuses every one', async () => {
    const c = await registerCustomer(t.app);
    let evaluated = 0;
    const wrong = async () => {
      evaluated += 1;
      await new Promise((r) => setTimeout(r, 20)); // a verification takes a while: the others arrive meanwhile
      return false;
    };
    const results = await Promise.all(Array.from({ length: 60 }, () => refusal(attempts.check(c.id, wrong))));
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(results.every((e) => e instanceof AppError)).toBe(true);
    // A customer's attempts are taken one statement after another (one attempt per customer a batch), so on a loaded
    // machine a wrong PIN can be judged before the fifth attempt is taken: it is told so, with the tries left (400).
    // The fifth judged locks payments (423); every PIN not judged waited for those five and found payments locked.
    const statuses = results.map((e) => e.statusCode);
    expect(statuses.filter((status) => status !== 423 && status !== 400)).toEqual([]);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(Math.min(evaluated, MAX_CODE_ATTEMPTS) - 1);
    expect(statuses.filter((status) => status === 423).length).toBeGreaterThanOrEqual(60 - evaluated + 1);
    expect((await state(c.id)).pin_locked_until).not.toBeNull();
  });

  it('refuses a locked customer whatever the PIN, without evaluating it', async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i < 4; i++) expect((await refusal(attempts.check(c.id, async () => false))).message).toBe(`Incorrect PIN. ${4 - i} ${4 - i === 1 ? 'try' : 'tries'} left.`);
    const fifth = await refusal(attempts.check(c.id, async () => false));
    expect(fifth.statusCode).toBe(423);
    expect(fifth.message).toBe('Too many wrong PINs. Payments are locked for 15 minutes.');
    const pin = rightPin();
    const right = await refusal(attempts.check(c.id, pin.verify));
    expect(right.statusCode).toBe(423);
    expect(pin.judged).toBe(false);
  });

  it("queues a customer's own concurrent right PINs instead of refusing them", async () => {
    const c = await registerCustomer(t.app);
    const right = async () => {
      await new Promise((r) => setTimeout(r, 10));
      return true;
    };
    await Promise.all(Array.from({ length: 20 }, () => attempts.check(c.id, right)));
    expect(await state(c.id)).toMatchObject({ pin_failed_count: 0, pin_locked_until: null });
  });

  it('locks for longer after each lock in a row, and a right PIN starts the run again', async () => {
    const c = await registerCustomer(t.app);
    const lockOnce = async () => {
      for (let i = 0; i < 5; i++) await refusal(attempts.check(c.id, async () => false));
      const { pin_locked_until } = await state(c.id);
      const minutes = Math.round((new Date(pin_locked_until).getTime() - Date.now()) / 60_000);
      await t.app.db.query(`UPDATE pin_attempts SET locked_until = now() - interval '1 second' WHERE customer_id = $1`, [c.id]);
      return minutes;
    };
    expect(await lockOnce()).toBe(15);
    expect(await lockOnce()).toBe(30);
    expect(await lockOnce()).toBe(60);
    expect((await state(c.id)).pin_lock_count).toBe(3);
    await attempts.check(c.id, async () => true);
    expect(await state(c.id)).toMatchObject({ pin_failed_count: 0, pin_lock_count: 0 });
    expect(await lockOnce()).toBe(15);
    expect(pinLockMinutes(20)).toBe(24 * 60);
  });

  it("commits a taken attempt without waiting for the disk, and only that statement's transaction", async () => {
    const c = await registerCustomer(t.app);
    // One connection, so every statement below runs on the one that took the attempts.
    const single = createDataSource((t.dataSource.options as PostgresConnectionOptions).url!, { poolSize: 1 });
    await single.initialize();
    try {
      const runner = single.createQueryRunner();
      await runner.startTransaction();
      await runner.query(`WITH ${COMMIT_WITHOUT_FLUSH} SELECT setting FROM commit_without_flush`);
      expect((await runner.query('SHOW synchronous_commit'))[0].synchronous_commit).toBe('off');
      await runner.commitTransaction();
      expect((await runner.query('SHOW synchronous_commit'))[0].synchronous_commit).toBe('on');
      await runner.release();

      await new PinAttempts(single).reserve(c.id);
      const [parties] = await reserveAndLoadSameBankParties(single, [{ senderId: c.id, recipientAccountNumber: c.accountNumber }], MAX_CODE_ATTEMPTS);
      expect(parties?.pin_reserved).toBe(true);
      expect((await state(c.id)).pin_failed_count).toBe(2);
      // The next statement on the connection (a booking, say) commits with a flush again.
      expect((await single.query('SHOW synchronous_commit'))[0].synchronous_commit).toBe('on');
    } finally {
      await single.destroy();
    }
  });

  /**
   * Attempts a server took and never judged, because it died in between (docs/decisions/0025-unjudged-attempts.md).
   * Five of them in a row used to leave a customer's payments refused for good: every attempt taken, no lock to expire.
   */
  describe('attempts nobody is judging any more', () => {
    const attemptRow = async (id: string) =>
      (await t.app.db.query(`SELECT failed_count, lock_count, locked_until, taken_at, extract(epoch FROM now() - taken_at) AS taken_s_ago FROM pin_attempts WHERE customer_id = $1`, [id]))[0];
    /** Every attempt taken, the last `secondsAgo` seconds ago (null: a row from before taken_at was recorded), no lock. */
    const allTaken = (id: string, secondsAgo: number | null) =>
      t.app.db.query(`UPDATE pin_attempts SET failed_count = $2, locked_until = NULL, taken_at = now() - make_interval(secs => $3) WHERE customer_id = $1`, [id, MAX_CODE_ATTEMPTS, secondsAgo]);

    it('ends the run with a lock that began when the last attempt was taken, without judging the PIN', async () => {
      const c = await registerCustomer(t.app);
      await allTaken(c.id, ATTEMPT_IN_FLIGHT_LIMIT_S + 60);
      const pin = rightPin();
      const refused = await refusal(attempts.check(c.id, pin.verify));
      expect(refused.statusCode).toBe(423);
      expect(refused.message).toBe('Too many wrong PINs. Payments are locked for 15 minutes.');
      expect(pin.judged).toBe(false);
      const after = await attemptRow(c.id);
      expect(after).toMatchObject({ failed_count: 0, lock_count: 1 });
      expect(new Date(after.locked_until).getTime() - new Date(after.taken_at).getTime()).toBe(15 * 60_000);
    });

    it('lets the customer pay at once when that lock would be over already, also for a row without a time', async () => {
      for (const secondsAgo of [60 * 60, null]) {
        const c = await registerCustomer(t.app);
        await allTaken(c.id, secondsAgo);
        const pin = rightPin();
        await attempts.check(c.id, pin.verify);
        expect(pin.judged).toBe(true);
        expect(await attemptRow(c.id)).toMatchObject({ failed_count: 0, lock_count: 0 });
      }
    });

    it('waits for attempts taken recently (they may still be judged), and changes nothing', async () => {
      const c = await registerCustomer(t.app);
      await allTaken(c.id, 5);
      const refused = await refusal(attempts.reserve(c.id, 50));
      expect(refused.statusCode).toBe(409);
      expect(refused.message).toBe('Another payment is being authorised right now. Please try again in a moment.');
      expect(await attemptRow(c.id)).toMatchObject({ failed_count: MAX_CODE_ATTEMPTS, lock_count: 0, locked_until: null });
    });

    it('notes when an attempt is taken, by each statement that takes one', async () => {
      const a = await approvedCustomer(t.app, { funded: '20.00' });
      const b = await approvedCustomer(t.app, { staff: a.staff });
      const takenJustNow = async () => {
        const now = await attemptRow(a.id);
        expect(now.taken_at).not.toBeNull();
        expect(Number(now.taken_s_ago)).toBeLessThan(5);
        await t.app.db.query(`UPDATE pin_attempts SET failed_count = 0, taken_at = NULL WHERE customer_id = $1`, [a.id]);
      };
      // Beside the session check (a wrong PIN keeps its attempt).
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/v1/transfer/same',
        headers: { ...a.session.headers, 'idempotency-key': randomUUID() },
        payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '1111' },
      });
      expect(wrong.json().error).toBe('Incorrect PIN. 4 tries left.');
      await takenJustNow();
      // PinAttempts.reserve, and the parties read that takes one.
      await attempts.reserve(a.id);
      await takenJustNow();
      const [parties] = await reserveAndLoadSameBankParties(t.app.db, [{ senderId: a.id, recipientAccountNumber: b.accountNumber }], MAX_CODE_ATTEMPTS);
      expect(parties?.pin_reserved).toBe(true);
      await takenJustNow();
    });
  });
});
