import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { APPEND_ONLY_TABLES, ensureAppRole } from '../../src/db/roles';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';

describe('database roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs the app as a role that is not the owner and owns nothing', async () => {
    const [{ user, superuser }] = await t.app.db.query(`SELECT current_user AS user, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`);
    expect(user).toBe(t.appRole);
    expect(superuser).toBe(false);
    const [{ owned }] = await t.app.db.query(
      `SELECT (SELECT count(*) FROM pg_class WHERE relowner = r.oid) + (SELECT count(*) FROM pg_proc WHERE proowner = r.oid) + (SELECT count(*) FROM pg_namespace WHERE nspowner = r.oid) AS owned
         FROM pg_roles r WHERE rolname = current_user`,
    );
    expect(Number(owned)).toBe(0);
    await expect(t.app.db.query(`CREATE TABLE intruder (id int)`)).rejects.toThrow(/permission denied/);
  });

  it.each(APPEND_ONLY_TABLES)('refuses the app role UPDATE, DELETE and TRUNCATE on %s', async (table) => {
    const [privileges] = await t.app.db.query(
      `SELECT has_table_privilege($1, 'SELECT') AS s, has_table_privilege($1, 'INSERT') AS i, has_table_privilege($1, 'UPDATE') AS u, has_table_privilege($1, 'DELETE') AS d, has_table_privilege($1, 'TRUNCATE') AS t`,
      [table],
    );
    expect(privileges).toEqual({ s: true, i: true, u: false, d: false, t: false });
  });

  it('gives every function of the schema a fixed search_path', async () => {
    const loose = await t.app.db.query(
      `SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prokind = 'f' AND NOT EXISTS (SELECT 1 FROM unnest(coalesce(p.proconfig, '{}')) c WHERE c LIKE 'search_path=%')`,
    );
    expect(loose).toEqual([]);
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.proname = 'post_journals'`);
    expect(n).toBe(1);
  });

  it('lets the app role use the job queue the owner made at migration time, and change nothing of its schema', async () => {
    let ran = 0;
    t.app.jobs.define('roles_probe', async () => {
      ran += 1;
    });
    await t.app.jobs.enqueue(t.app.db, 'roles_probe', { probe: true });
    await t.app.jobs.drain();
    expect(ran).toBe(1);
    const [{ owner }] = await t.app.db.query(`SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'graphile_worker'`);
    expect(owner).not.toBe(t.appRole);
    await expect(t.app.db.query(`CREATE TABLE graphile_worker.intruder (id int)`)).rejects.toThrow(/permission denied/);
    await expect(t.app.db.query(`DELETE FROM graphile_worker.migrations`)).rejects.toThrow(/permission denied/);
  });

  it('creates the role from an owner URL, idempotently, and the role can sign in', async () => {
    const db = await createTestDatabase();
    const role = `sr_roletest_${randomBytes(4).toString('hex')}`;
    try {
      const password = randomBytes(16).toString('hex');
      const first = await ensureAppRole(db.url, password, { role });
      const again = await ensureAppRole(db.url, password, { role });
      expect(again.url).toBe(first.url);
      const client = new Client({ connectionString: first.url });
      await client.connect();
      try {
        expect((await client.query(`SELECT current_user AS u`)).rows[0].u).toBe(role);
        await expect(client.query(`DELETE FROM audit_log`)).rejects.toThrow(/permission denied/);
        await expect(client.query(`INSERT INTO migrations (timestamp, name) VALUES (1, 'forged')`)).rejects.toThrow(/permission denied/);
      } finally {
        await client.end();
      }
    } finally {
      await db.drop();
      await t.ownerQuery(`DROP ROLE IF EXISTS ${role}`);
    }
  });
});
