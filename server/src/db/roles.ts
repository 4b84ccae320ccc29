import { Client } from 'pg';
import { sqlState } from '../common/sql';

/**
 * Tables the server may read and append to but never change or empty: the ledger's journals and
 * postings, the audit log; accounts may be updated (balances) but never deleted; the migrations record is
 * the owner's alone. Other branches add their append-only tables here.
 */
export const APPEND_ONLY_TABLES = ['journals', 'postings', 'audit_log'];
const NEVER_DELETED_TABLES = ['ledger_accounts'];
const OWNER_ONLY_WRITES = ['migrations'];

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
 * Creates (or brings up to date) the role the server runs as, through the owner's connection: it logs in
 * with a password derived from the configured secrets, owns nothing, may read and write the bank's tables
 * but not UPDATE, DELETE or TRUNCATE journals, postings or the audit log, nor DELETE accounts, nor create
 * anything. Migrations keep running as the owner. Idempotent: run at every start, after the migrations, so
 * new tables are granted too.
 */
export async function ensureAppRole(ownerUrl: string, password: string, opts: { role?: string; setPassword?: boolean } = {}): Promise<AppRole> {
  const owner = new Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const [{ database }] = (await owner.query<{ database: string }>(`SELECT current_database() AS database`)).rows;
    const role = opts.role ?? appRoleName(database);
    await createOrUpdateRole(owner, role, password, opts.setPassword ?? true);
    await grant(owner, database, role);
    const url = new URL(ownerUrl);
    url.username = role;
    url.password = password;
    return { role, url: url.toString() };
  } finally {
    await owner.end();
  }
}

async function ddl(owner: Client, template: string, ...args: string[]): Promise<void> {
  const [{ sql }] = (await owner.query<{ sql: string }>(`SELECT format($1, ${args.map((_, i) => `$${i + 2}::text`).join(', ')}) AS sql`, [template, ...args])).rows;
  await owner.query(sql);
}

async function createOrUpdateRole(owner: Client, role: string, password: string, setPassword: boolean) {
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
  if (setPassword) await ddl(owner, 'ALTER ROLE %I WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD %L', role, password);
}

async function grant(owner: Client, database: string, role: string) {
  await ddl(owner, 'GRANT CONNECT, TEMPORARY ON DATABASE %I TO %I', database, role);
  await ddl(owner, 'GRANT USAGE ON SCHEMA public TO %I', role);
  await ddl(owner, 'REVOKE CREATE ON SCHEMA public FROM %I', role);
  await ddl(owner, 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', role);
  await ddl(owner, 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', role);
  await ddl(owner, 'GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO %I', role);
  const existing = async (tables: string[]) =>
    (await owner.query<{ name: string }>(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relname = ANY($1)`, [tables])).rows.map((r) => r.name);
  for (const table of await existing(APPEND_ONLY_TABLES)) await ddl(owner, 'REVOKE UPDATE, DELETE, TRUNCATE ON public.%I FROM %I', table, role);
  for (const table of await existing(NEVER_DELETED_TABLES)) await ddl(owner, 'REVOKE DELETE, TRUNCATE ON public.%I FROM %I', table, role);
  for (const table of await existing(OWNER_ONLY_WRITES)) await ddl(owner, 'REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON public.%I FROM %I', table, role);
}
