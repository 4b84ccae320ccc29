import { closeDataSource, createDataSource } from '../../src/db/data-source';
import { poolOf } from '../../src/common/sql';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

// docs/performance.md#pool-keeps-its-connections: a connection the pool has opened stays open, so a burst after a quiet spell does not wait for a
// cold backend.
describe('the database pool', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  /** Three queries at once, each on its own connection: the pids of the backends that answered. */
  const burst = (dataSource: ReturnType<typeof createDataSource>) =>
    Promise.all([1, 2, 3].map(async () => (await dataSource.query('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)'))[0].pid as number));

  it('keeps the connections a burst opened through a quiet spell longer than its idle timeout', async () => {
    const dataSource = createDataSource(db.appUrl, { poolSize: 3, idleTimeoutMs: 100 });
    await dataSource.initialize();
    try {
      const pool = poolOf(dataSource);
      const pidsBefore = await burst(dataSource);
      expect(new Set(pidsBefore).size).toBe(3);
      expect(pool.totalCount).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(pool.totalCount).toBe(3);
      expect(pool.idleCount).toBe(3);
      // The same backends answer the next burst: none was closed and opened again.
      expect(new Set(await burst(dataSource))).toEqual(new Set(pidsBefore));
    } finally {
      await closeDataSource(dataSource);
    }
  });

  // docs/performance.md#staff-list-at-scale: a list's statement over millions of rows is estimated dear enough to be compiled, which took
  // 0.5 s to save nothing on a statement that reads a few rows.
  it('runs every connection with the JIT compiler off', async () => {
    const dataSource = createDataSource(db.appUrl, { poolSize: 2 });
    await dataSource.initialize();
    try {
      const settings = await Promise.all([1, 2].map(async () => (await dataSource.query(`SELECT current_setting('jit') AS jit, pg_sleep(0.05)`))[0].jit as string));
      expect(settings).toEqual(['off', 'off']);
    } finally {
      await closeDataSource(dataSource);
    }
  });
});
