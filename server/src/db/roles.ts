import { Client } from 'pg';
import { sqlState } from '../common/sql';

/**
 * Tables the server may read and append to but never change or empty: the ledger's journals and postings,
 * the audit log and the status history. Triggers refuse UPDATE and DELETE even to the owner; the server's
 * role is not even granted them (nor TRUNCATE, which no trigger sees).
 */
export const APPEND_ONLY_TABLES = ['journals', 'postings', 'audit_log', 'status_events', 'rate_changes', 'rate_tiers'];
/** Accounts may be updated (balances, through postings) but never deleted or emptied. */
const NEVER_DELETED_TABLES = ['ledger_accounts', 'accounts'];
/** The migrations' own record is the owner's alone. */
const OWNER_ONLY_WRITES = ['migrations'];
/** The job queue's schema (graphile-worker), created by the owner at migration time (db/data-source.ts). */
const JOB_QUEUE_SCHEMA = 'graphile_worker';

/** `<database>_app`, in the characters a role name needs no quoting for. */
export function appRoleName(database: string): string {
  return `${database.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_app`.slice(0, 63);
}

export interface AppRole {
  role: string;
  /** The owner's URL with the app role's name and password. */
  url: string;
}

/**
 * Creates (or brings up to date) the role the server runs as, through the owner's connection: it logs in with
 * a password derived from the configured secrets, owns nothing, may read and write the bank's tables but not
 * UPDATE, DELETE or TRUNCATE the append-only ones, nor DELETE accounts, nor create anything. It may use the job
 * queue (add, take, finish and retry jobs) but not change the queue's schema. Migrations keep running as the
 * owner. Idempotent: run at every start after the migrations, so tables added since are granted too.
 */
export async function ensureAppRole(ownerUrl: string, password: string, opts: { role?: string } = {}): Promise<AppRole> {
  const owner = new Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    // Servers starting together on one database take turns: concurrent GRANTs on one object can fail.
    await owner.query(`SELECT pg_advisory_lock(hashtext('strongroom:app-role'))`);
    const [{ database }] = (await owner.query<{ database: string }>(`SELECT current_database() AS database`)).rows;
    const role = opts.role ?? appRoleName(database);
    await createOrUpdateRole(owner, role, password);
    await grantBank(owner, database, role);
    await grantJobQueue(owner, role);
    const url = new URL(ownerUrl);
    url.username = role;
    url.password = password;
    return { role, url: url.toString() };
  } finally {
    await owner.end();
  }
}

/** Runs DDL whose identifiers and literals are quoted by PostgreSQL's own format(). */
async function ddl(owner: Client, template: string, ...args: string[]): Promise<void> {
  const [{ sql }] = (await owner.query<{ sql: string }>(`SELECT format($1, ${args.map((_, i) => `$${i + 2}::text`).join(', ')}) AS sql`, [template, ...args])).rows;
  await owner.query(sql);
}

async function createOrUpdateRole(owner: Client, role: string, password: string) {
  const exists = (await owner.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [role])).rowCount! > 0;
  if (!exists) {
    try {
      await ddl(owner, 'CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD %L', role, password);
      return;
    } catch (err) {
      // Another process starting at the same moment made it: fall through and bring it up to date.
      if (sqlState(err) !== '42710' && sqlState(err) !== '23505') throw err;
    }
  }
  await ddl(owner, 'ALTER ROLE %I WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD %L', role, password);
}

async function existing(owner: Client, schema: string, tables: string[]): Promise<string[]> {
  const found = await owner.query<{ name: string }>(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = ANY($2)`, [
    schema,
    tables,
  ]);
  return found.rows.map((r) => r.name);
}

async function grantBank(owner: Client, database: string, role: string) {
  await ddl(owner, 'GRANT CONNECT, TEMPORARY ON DATABASE %I TO %I', database, role);
  await ddl(owner, 'GRANT USAGE ON SCHEMA public TO %I', role);
  await ddl(owner, 'REVOKE CREATE ON SCHEMA public FROM %I', role);
  await ddl(owner, 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', role);
  await ddl(owner, 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', role);
  await ddl(owner, 'GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO %I', role);
  for (const table of await existing(owner, 'public', APPEND_ONLY_TABLES)) await ddl(owner, 'REVOKE UPDATE, DELETE, TRUNCATE ON public.%I FROM %I', table, role);
  for (const table of await existing(owner, 'public', NEVER_DELETED_TABLES)) await ddl(owner, 'REVOKE DELETE, TRUNCATE ON public.%I FROM %I', table, role);
  for (const table of await existing(owner, 'public', OWNER_ONLY_WRITES)) await ddl(owner, 'REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON public.%I FROM %I', table, role);
}

/**
 * graphile-worker checks its schema's migrations at every start (reads only, once the owner has migrated),
 * then adds, locks, completes and retries jobs through its tables and functions: the role gets exactly that.
 * Its private tables have row-level security on and no policy (only their owner may use them): the role gets
 * a policy of its own on each, allowing every row (the queue is the whole bank's).
 */
async function grantJobQueue(owner: Client, role: string) {
  const [{ present }] = (await owner.query<{ present: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS present`, [JOB_QUEUE_SCHEMA])).rows;
  if (!present) return;
  await ddl(owner, 'GRANT USAGE ON SCHEMA %I TO %I', JOB_QUEUE_SCHEMA, role);
  await ddl(owner, 'REVOKE CREATE ON SCHEMA %I FROM %I', JOB_QUEUE_SCHEMA, role);
  await ddl(owner, 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I', JOB_QUEUE_SCHEMA, role);
  await ddl(owner, 'GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA %I TO %I', JOB_QUEUE_SCHEMA, role);
  await ddl(owner, 'GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA %I TO %I', JOB_QUEUE_SCHEMA, role);
  for (const table of await existing(owner, JOB_QUEUE_SCHEMA, ['migrations'])) {
    await ddl(owner, 'REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON %I.%I FROM %I', JOB_QUEUE_SCHEMA, table, role);
  }
  const policy = `${role}_all`.slice(0, 63);
  const guarded = await owner.query<{ name: string; has_policy: boolean }>(
    `SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_policies p WHERE p.schemaname = n.nspname AND p.tablename = c.relname AND p.policyname = $2) AS has_policy
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relrowsecurity`,
    [JOB_QUEUE_SCHEMA, policy],
  );
  for (const table of guarded.rows.filter((t) => !t.has_policy)) {
    await ddl(owner, 'CREATE POLICY %I ON %I.%I FOR ALL TO %I USING (true) WITH CHECK (true)', policy, JOB_QUEUE_SCHEMA, table.name, role);
  }
}
