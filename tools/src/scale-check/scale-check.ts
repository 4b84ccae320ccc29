// npm run scale:check: what in the migrated schema a PostgreSQL sharded by customer (Citus) would refuse or run
// differently, read from the system catalogs (docs/scaling.md). It migrates a fresh embedded PostgreSQL, or reads
// SCALE_CHECK_DATABASE_URL's schema, and prints each construct and the count per kind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource, runMigrations } from '@strongroom/server/db/data-source';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@strongroom/server/db/embedded-postgres';

/** The shard key a sharded Strongroom would distribute its per-customer tables by. */
export const SHARD_KEY = 'customer_id';

interface Finding {
  kind: string;
  what: string;
}

/**
 * Each query lists one kind of construct. "Distributed" tables are those with the shard key column; the others
 * would be reference tables (copied to every node) or would need the key added.
 */
export const CHECKS: { kind: string; why: string; sql: string }[] = [
  {
    kind: 'unique-without-shard-key',
    why: 'every UNIQUE or PRIMARY KEY constraint of a distributed table must include the distribution column',
    sql: `SELECT c.conrelid::regclass::text || ': ' || c.conname || ' (' || pg_get_constraintdef(c.oid) || ')' AS what
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
           WHERE n.nspname = 'public' AND c.contype IN ('p', 'u')
             AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = $1 AND NOT a.attisdropped)
             AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = $1 AND a.attnum = ANY (c.conkey))
           ORDER BY 1`,
  },
  {
    kind: 'unique-index-without-shard-key',
    why: 'a unique index (not a constraint) of a distributed table must include the distribution column too',
    sql: `SELECT i.indrelid::regclass::text || ': ' || i.indexrelid::regclass::text AS what
            FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
           WHERE n.nspname = 'public' AND i.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
             AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = i.indrelid AND a.attname = $1 AND NOT a.attisdropped)
             AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = i.indrelid AND a.attname = $1 AND a.attnum = ANY (i.indkey::int2[]))
           ORDER BY 1`,
  },
  {
    kind: 'foreign-key-without-shard-key',
    why: 'a foreign key between distributed tables must include the distribution column on both sides (to a reference table it need not)',
    sql: `SELECT c.conrelid::regclass::text || ' -> ' || c.confrelid::regclass::text || ': ' || c.conname AS what
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
           WHERE n.nspname = 'public' AND c.contype = 'f'
             AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = $1 AND NOT a.attisdropped)
             AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.confrelid AND a.attname = $1 AND NOT a.attisdropped)
             AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = $1 AND a.attnum = ANY (c.conkey))
           ORDER BY 1`,
  },
  {
    kind: 'foreign-key-from-unsharded-to-sharded',
    why: 'a distributed table may reference a reference table, but a foreign key from a table without the key to a distributed one is refused',
    sql: `SELECT c.conrelid::regclass::text || ' -> ' || c.confrelid::regclass::text || ': ' || c.conname AS what
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
           WHERE n.nspname = 'public' AND c.contype = 'f'
             AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = $1 AND NOT a.attisdropped)
             AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.confrelid AND a.attname = $1 AND NOT a.attisdropped)
           ORDER BY 1`,
  },
  {
    kind: 'trigger-with-transition-table',
    why: 'statement triggers with REFERENCING NEW/OLD TABLE: Citus fires triggers per shard and only with citus.enable_unsafe_triggers; YugabyteDB has no transition tables',
    sql: `SELECT t.tgrelid::regclass::text || ': ' || t.tgname AS what
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND NOT t.tgisinternal AND (t.tgoldtable IS NOT NULL OR t.tgnewtable IS NOT NULL)
           ORDER BY 1`,
  },
  {
    kind: 'trigger-on-table',
    why: 'any other user trigger: on a distributed table it needs citus.enable_unsafe_triggers and runs per shard',
    sql: `SELECT t.tgrelid::regclass::text || ': ' || t.tgname AS what
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND NOT t.tgisinternal AND t.tgoldtable IS NULL AND t.tgnewtable IS NULL
           ORDER BY 1`,
  },
  {
    kind: 'advisory-lock-in-function',
    why: 'advisory locks are per node in Citus (and no-ops in CockroachDB): a lock meant for the whole bank is not one',
    sql: `SELECT p.oid::regprocedure::text AS what
            FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'public' AND p.prosrc ILIKE '%advisory%'
           ORDER BY 1`,
  },
  {
    kind: 'table-without-shard-key',
    why: 'a table without the key: a reference table (copied to every node) if small and shared, else it needs the key',
    sql: `SELECT c.oid::regclass::text AS what
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
             AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = $1 AND NOT a.attisdropped)
           ORDER BY 1`,
  },
];

export async function scaleFindings(url: string): Promise<Finding[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const findings: Finding[] = [];
    for (const check of CHECKS) {
      const found = await client.query<{ what: string }>(check.sql, check.sql.includes('$1') ? [SHARD_KEY] : []);
      findings.push(...found.rows.map((r) => ({ kind: check.kind, what: r.what })));
    }
    return findings;
  } finally {
    await client.end();
  }
}

async function main() {
  let embedded: EmbeddedDatabase | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'strongroom-scale-check-'));
  try {
    let url = process.env.SCALE_CHECK_DATABASE_URL;
    if (!url) {
      embedded = await startEmbeddedPostgres(dir);
      url = embedded.url;
      const ds = createDataSource(url, { poolSize: 2 });
      await ds.initialize();
      await runMigrations(ds);
      await ds.destroy();
    }
    const findings = await scaleFindings(url);
    for (const check of CHECKS) {
      const mine = findings.filter((f) => f.kind === check.kind);
      console.log(`\n${check.kind}: ${mine.length}  (${check.why})`);
      for (const f of mine) console.log(`  ${f.what}`);
    }
    const refused = findings.filter((f) => !['trigger-on-table', 'table-without-shard-key'].includes(f.kind)).length;
    console.log(`\nscale:check: ${refused} constructs a sharded PostgreSQL would refuse, ${findings.length - refused} to review (triggers, tables without the shard key)`);
  } finally {
    await embedded?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
