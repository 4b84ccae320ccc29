// A request whose database went away (a failover ends the former primary's connections) is answered 503 with
// Retry-After, never 500; a genuine bug still is a 500. Real PostgreSQL: the backend is really terminated.
import Fastify from 'fastify';
import { Client } from 'pg';
import { createDataSource, closeDataSource } from '../../src/db/data-source';
import { poolOf } from '../../src/common/sql';
import errorsPlugin from '../../src/plugins/errors.plugin';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

describe('a database that went away', () => {
  let db: TestDatabase;
  const app = Fastify();
  let ds: ReturnType<typeof createDataSource>;
  let admin: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, { poolSize: 2 });
    await ds.initialize();
    admin = new Client({ connectionString: db.url });
    await admin.connect();
    await app.register(errorsPlugin);
    app.get('/held', async () => ds.query(`SELECT pg_sleep(30) /* held-by-test */`));
    app.get('/read-only', async () =>
      ds.transaction(async (m) => {
        await m.query('SET TRANSACTION READ ONLY');
        await m.query('CREATE TEMP TABLE t_read_only (x int)');
      }),
    );
    app.get('/bug', async () => ds.query('SELEC 1'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await admin.end();
    await closeDataSource(ds);
    await db.drop();
  });

  it('answers 503 with Retry-After when the backend is terminated mid-statement, and the pool replaces the connection', async () => {
    const answer = app.inject({ method: 'GET', url: '/held' });
    for (let found = 0; found === 0;) {
      await new Promise((r) => setTimeout(r, 50));
      found = (await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%held-by-test%' AND pid <> pg_backend_pid()`)).rowCount ?? 0;
    }
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(/briefly unavailable/) });
    // The broken connection left the pool: the next query runs on a new one.
    expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(poolOf(ds).totalCount).toBeLessThanOrEqual(2);
  });

  it('answers 503 when the transaction is read-only (a demoted primary, SQLSTATE 25006)', async () => {
    const res = await app.inject({ method: 'GET', url: '/read-only' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
  });

  it('still answers 500 for a bug', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
  });
});
