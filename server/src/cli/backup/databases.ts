import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from '../../db/embedded-postgres';
import { liveHolder, runningPostgresPort } from '../../db/data-dir-lock';
import { BackupError } from './manifest';

/** A database for the time of one command, and how to let it go (stop the embedded PostgreSQL this command started). */
export interface CommandDatabase {
  url: string;
  /** Where it is, for the operator (no password). */
  label: string;
  release(): Promise<void>;
}

/** Settings read as the server reads them, but without loadConfig: it would write secrets into an empty DATA_DIR. */
export function commandSettings(env: NodeJS.ProcessEnv = process.env) {
  return { dataDir: resolve(env.DATA_DIR || './.data'), databaseUrl: env.DATABASE_URL || undefined };
}

const embeddedUrl = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/strongroom`;
const withoutPassword = (url: string) => {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
};

/**
 * The database to back up: DATABASE_URL; else the embedded one of DATA_DIR, the running server's when a server holds
 * the folder (a backup needs no downtime), or started for the time of the backup when none does.
 */
export async function databaseToBackUp(settings: ReturnType<typeof commandSettings>, say: (line: string) => void): Promise<CommandDatabase> {
  if (settings.databaseUrl) return { url: settings.databaseUrl, label: withoutPassword(settings.databaseUrl), release: async () => undefined };
  const serverPid = liveHolder(settings.dataDir);
  if (serverPid !== undefined) {
    const port = runningPostgresPort(join(settings.dataDir, 'pg'));
    if (port === undefined) throw new BackupError(`the server (pid ${serverPid}) holding ${settings.dataDir} has no database running yet: try again once it has started`);
    return { url: embeddedUrl(port), label: `the running server's embedded PostgreSQL (port ${port})`, release: async () => undefined };
  }
  say(`No DATABASE_URL and no server running: starting the embedded PostgreSQL under ${settings.dataDir}/pg for the backup`);
  const embedded = await startEmbeddedPostgres(settings.dataDir, { notice: say });
  return { url: embedded.url, label: `the embedded PostgreSQL under ${settings.dataDir}/pg`, release: () => embedded.stop() };
}

/** The database to restore into: DATABASE_URL (it must be empty), or a new embedded one under the empty DATA_DIR. */
export async function databaseToRestoreInto(settings: ReturnType<typeof commandSettings>, say: (line: string) => void): Promise<CommandDatabase> {
  if (settings.databaseUrl) return { url: settings.databaseUrl, label: withoutPassword(settings.databaseUrl), release: async () => undefined };
  say(`No DATABASE_URL: creating the embedded PostgreSQL under ${settings.dataDir}/pg`);
  const embedded = await startEmbeddedPostgres(settings.dataDir, { notice: say });
  return { url: embedded.url, label: `the embedded PostgreSQL under ${settings.dataDir}/pg`, release: () => embedded.stop() };
}
