import type { QueryRunner } from 'typeorm';
import { PinAttempts } from '../../src/modules/pin';
import { reserveAndLoadSameBankParties } from '../../src/modules/transfers/transfers.queries';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Statements that lock several customers' PIN attempt rows take them in customer id order, as post_journals does
 * after its accounts. A bench run found the same-bank parties read (which reserves attempts) and a booking (which
 * starts them again) deadlocked when the read locked in the table's physical order: the transfers got 500s.
 */
describe('PIN attempt rows are locked in customer id order', () => {
  let t: TestApp;
  const runners: QueryRunner[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  });
  afterAll(() => t.close());

  /** Two senders whose attempt rows lie in the table against their id order (a seq scan meets the higher id first). */
  async function sendersAgainstPhysicalOrder() {
    const first = await approvedCustomer(t.app);
    const second = await approvedCustomer(t.app, { staff: first.staff });
    const [low, high] = [first, second].sort((a, b) => (a.id < b.id ? -1 : 1));
    // A new version of the lower id's row goes after every row written before it.
    await t.app.db.query(`UPDATE pin_attempts SET failed_count = failed_count WHERE customer_id = $1`, [low.id]);
    const order = await t.app.db.query(`SELECT customer_id FROM pin_attempts WHERE customer_id = ANY($1::uuid[]) ORDER BY ctid`, [[low.id, high.id]]);
    expect(order.map((row: { customer_id: string }) => row.customer_id)).toEqual([high.id, low.id]);
    return { low, high };
  }

  async function transaction(): Promise<QueryRunner> {
    const runner = t.app.db.createQueryRunner();
    runners.push(runner);
    await runner.connect();
    await runner.startTransaction();
    return runner;
  }

  /** Waits until a statement of this database's app role waits for a row lock. */
  async function someoneWaitsForALock() {
    for (let tries = 0; tries < 200; tries++) {
      const [{ waiting }] = await t.app.db.query(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no statement started waiting for a lock');
  }

  /** While `low` is held elsewhere, `statement` (which needs both rows) must hold nothing of `high` yet. */
  async function expectOrdered(low: string, high: string, statement: () => Promise<unknown>) {
    const holder = await transaction();
    await holder.query(`SELECT 1 FROM pin_attempts WHERE customer_id = $1 FOR UPDATE`, [low]);
    const running = statement();
    await someoneWaitsForALock();
    const other = await transaction();
    // NOWAIT fails at once (55P03) if the statement already holds the higher row: it took them out of order.
    await expect(other.query(`SELECT 1 FROM pin_attempts WHERE customer_id = $1 FOR UPDATE NOWAIT`, [high])).resolves.toHaveLength(1);
    await other.rollbackTransaction();
    await holder.commitTransaction();
    return running;
  }

  it('the same-bank parties read, which reserves each sender an attempt', async () => {
    const { low, high } = await sendersAgainstPhysicalOrder();
    const keys = [high, low].map((sender) => ({ senderId: sender.id, recipientAccountNumber: low.accountNumber }));
    const parties = await expectOrdered(low.id, high.id, () => reserveAndLoadSameBankParties(t.app.db, keys, 5));
    expect(parties).toMatchObject([
      { id: high.id, pin_reserved: true },
      { id: low.id, pin_reserved: true },
    ]);
  });

  it('the shared statements that reserve attempts and start them again (other products)', async () => {
    const { low, high } = await sendersAgainstPhysicalOrder();
    const attempts = new PinAttempts(t.app.db);
    await expectOrdered(low.id, high.id, () => Promise.all([attempts.reserve(high.id), attempts.reserve(low.id)]));
    const taken = await t.app.db.query(`SELECT failed_count FROM pin_attempts WHERE customer_id = ANY($1::uuid[])`, [[low.id, high.id]]);
    expect(taken.map((row: { failed_count: number }) => row.failed_count)).toEqual([1, 1]);
    await expectOrdered(low.id, high.id, () => Promise.all([attempts.succeeded(high.id), attempts.succeeded(low.id)]));
    const reset = await t.app.db.query(`SELECT failed_count FROM pin_attempts WHERE customer_id = ANY($1::uuid[])`, [[low.id, high.id]]);
    expect(reset.map((row: { failed_count: number }) => row.failed_count)).toEqual([0, 0]);
  });
});
