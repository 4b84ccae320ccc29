import { Client } from 'pg';
import { createDataSource } from '../../src/db/data-source';
import { MIGRATIONS } from '../../src/db/migrations';
import { SQL_SOURCE_AREAS, applySqlSources, lastSqlSourcePins, normalisedSql, readSqlSource, sqlSourceDigest } from '../../src/db/sql-sources';
import { compareWithSources, sourceStatements } from '../helpers/sql-catalog';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

// docs/decisions/0056-sql-sources.md: server/src/db/sql holds what the database runs, and the migrated database is it.

const GUARD_BALANCE = (body: string) => `
  CREATE OR REPLACE FUNCTION guard_balance() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
  ${body}
  $$`;

const guardBalanceDefinition = async (client: Client) => (await client.query<{ definition: string }>(`SELECT pg_get_functiondef('guard_balance()'::regprocedure) AS definition`)).rows[0].definition;

describe('SQL sources', () => {
  let db: TestDatabase;
  let client: Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('has every function, trigger and view of the migrated database written in a source, as the database runs it', async () => {
    const { areaOf, problems } = await compareWithSources(client);
    expect(problems).toEqual([]);
    expect(areaOf.get('function post_journals(jsonb)')).toBe('ledger');
    expect(areaOf.get('trigger postings_apply on postings')).toBe('ledger');
    expect(areaOf.get('function forbid_change()')).toBe('common');
    expect(new Set(areaOf.values())).toEqual(new Set(SQL_SOURCE_AREAS));
  });

  it('reports a function that differs, a trigger and a function missing from the database, and objects with no source', async () => {
    const { problems } = await compareWithSources(client, async (changed) => {
      await changed.query(GUARD_BALANCE(`BEGIN RETURN NEW; END`));
      await changed.query(`DROP TRIGGER journals_immutable ON journals`);
      await changed.query(`DROP FUNCTION transaction_search_query(text)`);
      await changed.query(`CREATE FUNCTION stray_total(a int) RETURNS int LANGUAGE sql SET search_path = public, pg_temp AS 'SELECT a + 1'`);
      await changed.query(`CREATE VIEW stray_accounts AS SELECT id FROM ledger_accounts`);
      await changed.query(`CREATE TRIGGER stray_audit BEFORE DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION forbid_change()`);
    });
    expect(problems).toHaveLength(6);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^function guard_balance\(\) differs from ledger\.sql:\n {2}database: .*BEGIN RETURN NEW;END\$function\$\n {2}source: /),
        'trigger journals_immutable on journals (ledger.sql) is missing from the database',
        'function transaction_search_query(text) (search.sql) is missing from the database',
        'function stray_total(integer) has no source in server/src/db/sql',
        'view stray_accounts has no source in server/src/db/sql',
        'trigger stray_audit on audit_log has no source in server/src/db/sql',
      ]),
    );
    // Every change was rolled back.
    expect((await compareWithSources(client)).problems).toEqual([]);
  });

  it('compares function bodies past their comments and layout, and not past a changed literal', async () => {
    const relaidOut = GUARD_BALANCE(`
      BEGIN   -- the same statements, laid out otherwise
        IF NEW.balance_minor <> OLD.balance_minor
           AND pg_trigger_depth() < 2 THEN /* a /* nested */ comment */
          RAISE EXCEPTION 'balances change only through postings'
            USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NEW;
      END`);
    expect((await compareWithSources(client, (changed) => changed.query(relaidOut).then(() => undefined))).problems).toEqual([]);
    const oneMoreSpace = relaidOut.replace('only through postings', 'only through  postings');
    const { problems } = await compareWithSources(client, (changed) => changed.query(oneMoreSpace).then(() => undefined));
    expect(problems).toEqual([expect.stringMatching(/^function guard_balance\(\) differs from ledger\.sql/)]);
  });

  it('normalises comments and whitespace away, and keeps literals, quoted names and escapes exactly', () => {
    expect(normalisedSql(`SELECT  a ,\n b -- note\nFROM t /* x /* y */ z */ WHERE c = 'x  -- y'`)).toBe(`SELECT a,b FROM t WHERE c='x  -- y'`);
    expect(normalisedSql(`SELECT "Two  Words", E'it\\'s  --', 'it''s'`)).toBe(`SELECT"Two  Words",E'it\\'s  --','it''s'`);
    expect(normalisedSql(`AS $$\n  SELECT  1; -- one\n$$;`)).toBe(`AS $$SELECT 1;$$;`);
    expect(normalisedSql(`SELECT $1 , $2`)).toBe(`SELECT $1,$2`);
    expect(normalisedSql(`SELECT 'a b'`)).not.toBe(normalisedSql(`SELECT 'a  b'`));
  });

  it('holds in each source only statements that create or replace a function, procedure, trigger or view', () => {
    for (const area of SQL_SOURCE_AREAS) {
      const statements = sourceStatements(readSqlSource(area));
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) expect(`${area}.sql: ${statement}`).toMatch(/^[a-z-]+\.sql: CREATE OR REPLACE (FUNCTION|PROCEDURE|TRIGGER|VIEW) /);
    }
  });

  it('has every source pinned, as it is now, by the last migration that applies it', () => {
    const pins = lastSqlSourcePins(MIGRATIONS);
    for (const area of SQL_SOURCE_AREAS) {
      const digest = sqlSourceDigest(readSqlSource(area));
      // A failure here: the source changed and no migration applies the change. Add one that pins { '<area>': digest }.
      expect({ area, pinned: pins.get(area)?.digest }).toEqual({ area, pinned: digest });
    }
  });

  it('applies a pinned source from a migration, and leaves a source alone that has changed since the pin', async () => {
    const ds = createDataSource(db.url, { poolSize: 1 });
    await ds.initialize();
    const q = ds.createQueryRunner();
    try {
      await q.startTransaction();
      const asMigrated = await guardBalanceDefinition(client);
      await q.query(GUARD_BALANCE(`BEGIN RETURN NEW; END`));
      const changed = (await q.query(`SELECT pg_get_functiondef('guard_balance()'::regprocedure) AS definition`))[0].definition;
      expect(changed).not.toBe(asMigrated);
      await applySqlSources(q, { ledger: '0000000000000000' });
      expect((await q.query(`SELECT pg_get_functiondef('guard_balance()'::regprocedure) AS definition`))[0].definition).toBe(changed);
      await applySqlSources(q, { ledger: sqlSourceDigest(readSqlSource('ledger')) });
      expect((await q.query(`SELECT pg_get_functiondef('guard_balance()'::regprocedure) AS definition`))[0].definition).toBe(asMigrated);
    } finally {
      await q.rollbackTransaction();
      await q.release();
      await ds.destroy();
    }
  });
});
