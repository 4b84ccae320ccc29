import type { DataSource } from 'typeorm';
import { withTransaction } from '../../src/db/transaction';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Resolves once `parties` callers are waiting: holds two transactions at the same point. */
function barrier(parties: number) {
  let waiting = 0;
  let release!: () => void;
  const all = new Promise<void>((r) => (release = r));
  return () => {
    waiting += 1;
    if (waiting === parties) release();
    return all;
  };
}

const raise = (ds: DataSource | { query: DataSource['query'] }, errcode: string) => ds.query(`DO $$ BEGIN RAISE EXCEPTION 'forced' USING ERRCODE = '${errcode}'; END $$`);

describe('withTransaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The server's role creates nothing: the owner makes the probe table and lets the app use it.
    await t.ownerQuery(`CREATE TABLE tx_probe (k int PRIMARY KEY, v int NOT NULL)`);
    await t.ownerQuery(`GRANT SELECT, INSERT, UPDATE, DELETE ON tx_probe TO ${t.appRole}`);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.dataSource.query(`DELETE FROM tx_probe`);
    await t.dataSource.query(`INSERT INTO tx_probe VALUES (1, 0), (2, 0)`);
  });

  it('re-runs the loser of a real serialization conflict until both commit', async () => {
    const attempts = { a: 0, b: 0 };
    const meet = barrier(2);
    // Write skew: each reads the row the other writes. SERIALIZABLE must abort one of them (40001).
    const run = (name: 'a' | 'b', readK: number, writeK: number) =>
      withTransaction(
        t.dataSource,
        async (m) => {
          attempts[name] += 1;
          await m.query(`SELECT v FROM tx_probe WHERE k = $1`, [readK]);
          if (attempts[name] === 1) await meet();
          await m.query(`UPDATE tx_probe SET v = v + 1 WHERE k = $1`, [writeK]);
        },
        { isolation: 'SERIALIZABLE' },
      );
    await Promise.all([run('a', 2, 1), run('b', 1, 2)]);
    expect(attempts.a + attempts.b).toBeGreaterThanOrEqual(3);
    expect(await t.dataSource.query(`SELECT k, v FROM tx_probe ORDER BY k`)).toEqual([
      { k: 1, v: 1 },
      { k: 2, v: 1 },
    ]);
  });

  it('retries a deadlock and rolls back the failed attempt', async () => {
    let attempts = 0;
    const result = await withTransaction(t.dataSource, async (m) => {
      attempts += 1;
      await m.query(`UPDATE tx_probe SET v = v + 10 WHERE k = 1`);
      if (attempts === 1) await raise(m, '40P01');
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(2);
    expect((await t.dataSource.query(`SELECT v FROM tx_probe WHERE k = 1`))[0].v).toBe(10);
  });

  it('gives up after maxAttempts with the database error', async () => {
    let attempts = 0;
    await expect(
      withTransaction(
        t.dataSource,
        async (m) => {
          attempts += 1;
          await raise(m, '40001');
        },
        { maxAttempts: 3 },
      ),
    ).rejects.toMatchObject({ driverError: { code: '40001' } });
    expect(attempts).toBe(3);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      withTransaction(t.dataSource, async (m) => {
        attempts += 1;
        await m.query(`INSERT INTO tx_probe VALUES (1, 5)`);
      }),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
    expect(attempts).toBe(1);
  });
});
