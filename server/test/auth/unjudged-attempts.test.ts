import { randomUUID } from 'node:crypto';
import { MAX_CODE_ATTEMPTS } from '@strongroom/shared';
import type { AppError } from '../../src/common/app-error';
import { ATTEMPT_IN_FLIGHT_LIMIT_S, PinAttempts } from '../../src/modules/auth/pin-attempts';
import { reserveAndLoadSameBankParties } from '../../src/modules/transfers/transfers.queries';
import { approvedCustomer, createTestApp, registerCustomer, type TestApp } from '../helpers/test-app';

/**
 * Attempts a server took and never judged, because it died in between (docs/decisions/0025-unjudged-attempts.md).
 * Five of them in a row used to leave a customer's payments refused for good: every attempt taken, no lock to expire.
 */
describe('PIN attempts nobody is judging any more', () => {
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
  const state = async (id: string) =>
    (await t.app.db.query(`SELECT failed_count, lock_count, locked_until, taken_at, extract(epoch FROM now() - taken_at) AS taken_s_ago FROM pin_attempts WHERE customer_id = $1`, [id]))[0];
  /** Every attempt taken, the last `secondsAgo` seconds ago (null: a row from before taken_at was recorded), no lock. */
  const allTaken = (id: string, secondsAgo: number | null) =>
    t.app.db.query(`UPDATE pin_attempts SET failed_count = $2, locked_until = NULL, taken_at = now() - make_interval(secs => $3) WHERE customer_id = $1`, [id, MAX_CODE_ATTEMPTS, secondsAgo]);

  it('ends the run with a lock that began when the last attempt was taken, without judging the PIN', async () => {
    const c = await registerCustomer(t.app);
    await allTaken(c.id, ATTEMPT_IN_FLIGHT_LIMIT_S + 60);
    let judged = false;
    const refused = await refusal(
      attempts.check(c.id, async () => {
        judged = true;
        return true;
      }),
    );
    expect(refused.statusCode).toBe(423);
    expect(refused.message).toBe('Too many wrong PINs. Payments are locked for 15 minutes.');
    expect(judged).toBe(false);
    const after = await state(c.id);
    expect(after).toMatchObject({ failed_count: 0, lock_count: 1 });
    expect(new Date(after.locked_until).getTime() - new Date(after.taken_at).getTime()).toBe(15 * 60_000);
  });

  it('lets the customer pay at once when that lock would be over already, also for a row without a time', async () => {
    for (const secondsAgo of [60 * 60, null]) {
      const c = await registerCustomer(t.app);
      await allTaken(c.id, secondsAgo);
      let judged = false;
      await attempts.check(c.id, async () => (judged = true));
      expect(judged).toBe(true);
      expect(await state(c.id)).toMatchObject({ failed_count: 0, lock_count: 0 });
    }
  });

  it('waits for attempts taken recently (they may still be judged), and changes nothing', async () => {
    const c = await registerCustomer(t.app);
    await allTaken(c.id, 5);
    const refused = await refusal(attempts.reserve(c.id, 50));
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe('Another payment is being authorised right now. Please try again in a moment.');
    expect(await state(c.id)).toMatchObject({ failed_count: MAX_CODE_ATTEMPTS, lock_count: 0, locked_until: null });
  });

  it('notes when an attempt is taken, by each statement that takes one', async () => {
    const a = await approvedCustomer(t.app, { funded: '20.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const takenJustNow = async () => {
      const now = await state(a.id);
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
