import { poolOf } from '../../src/common/sql';
import { closeDataSource, createDataSource } from '../../src/db/data-source';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

describe('closeDataSource', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('lets the queries in flight, and the ones that follow them, finish before it ends the pool', async () => {
    const dataSource = createDataSource(db.appUrl, { poolSize: 4 });
    await dataSource.initialize();
    // A request still running after its client left: two queries, one after the other.
    const request = (async () => {
      await dataSource.query('SELECT pg_sleep(0.3)');
      const [row] = await dataSource.query('SELECT 42 AS answer');
      return row.answer as number;
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeDataSource(dataSource);
    await expect(request).resolves.toBe(42);
    expect(dataSource.isInitialized).toBe(false);
  });

  // Found in a clean-clone CI run on a loaded 2-core machine: the quiet time was judged before the pool was looked at
  // again, so a stall of the process longer than it, between two looks, ended the pool under a query in flight.
  it('does not take a stall of this process for a quiet pool', async () => {
    const dataSource = createDataSource(db.appUrl, { poolSize: 4 });
    await dataSource.initialize();
    const request = dataSource.query('SELECT pg_sleep(0.5), 42 AS answer');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = closeDataSource(dataSource, { quietMs: 100 });
    // Let it look once (the query is in flight), then hold the event loop longer than the quiet time.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const heldUntil = Date.now() + 250;
    while (Date.now() < heldUntil) {
      /* the process stalls, as on a loaded machine */
    }
    await closing;
    await expect(request).resolves.toEqual([{ pg_sleep: '', answer: 42 }]);
    expect(dataSource.isInitialized).toBe(false);
  });

  it('ends the pool anyway once the drain time is up', async () => {
    const dataSource = createDataSource(db.appUrl, { poolSize: 4 });
    await dataSource.initialize();
    const stuck = dataSource.query('SELECT pg_sleep(5)');
    stuck.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeDataSource(dataSource, { drainTimeoutMs: 200 });
    expect(dataSource.isInitialized).toBe(false);
    await expect(stuck).rejects.toThrow();
  });

  // Found in a real shutdown: pg-pool's end() answered before its connections had closed, so the embedded
  // PostgreSQL, stopped straight after, ended a backend that was still there and its client logged the error.
  it('returns once every connection it opened has closed', async () => {
    const dataSource = createDataSource(db.appUrl, { poolSize: 12 });
    await dataSource.initialize();
    const pool = poolOf(dataSource);
    // Every connection is checked out by one of twelve queries at once, the one initialize() opened included.
    const seen = new Set<unknown>();
    let closed = 0;
    pool.on('acquire', (client) => {
      if (seen.has(client)) return;
      seen.add(client);
      client.once('end', () => (closed += 1));
    });
    await Promise.all(Array.from({ length: 12 }, () => dataSource.query('SELECT pg_sleep(0.05)')));
    expect(seen.size).toBe(12);
    await closeDataSource(dataSource);
    expect(closed).toBe(12);
  });
});
