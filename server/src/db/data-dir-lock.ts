import { existsSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Which process runs the embedded PostgreSQL of a DATA_DIR. A server killed outright (kill -9, the kernel's
 * out-of-memory killer) leaves its PostgreSQL running with nobody to stop it, and PostgreSQL's own lock
 * (pg/postmaster.pid) then refuses every later start. This file tells that orphan apart from the database of a
 * server that is still running: it names the process holding the folder, and that process's start time, so a
 * pid the kernel has since given to another process does not count as the holder.
 */
export const DATA_DIR_LOCK_FILE = 'strongroom.pid';

interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux, /proc/<pid>/stat field 22); absent elsewhere. */
  startTicks?: string;
}

/** /proc/<pid>/stat from field 3 (the state) on: the command name (field 2) may hold spaces and parentheses. */
function readProcStat(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2);
  } catch {
    return undefined;
  }
}

function processStartTicks(pid: number): string | undefined {
  return readProcStat(pid)?.split(' ')[19];
}

function isAlive(pid: number): boolean {
  // A zombie has ended; only its parent has not yet collected its exit status.
  if (readProcStat(pid)?.split(' ')[0] === 'Z') return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderIsAlive(holder: Holder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !isAlive(holder.pid)) return false;
  return holder.startTicks === undefined || processStartTicks(holder.pid) === holder.startTicks;
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

export class DataDirInUseError extends Error {}

/**
 * Takes the folder for this process, or throws DataDirInUseError naming the live process that holds it. A holder
 * that has ended (or a file that cannot be read) is replaced. The same process may take it again (a restart of its
 * own database). Returns the release, which removes the file only while it is still this process's.
 */
export function holdDataDir(dataDir: string): () => void {
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  const mine: Holder = { pid: process.pid, startTicks: processStartTicks(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o644 });
      return () => releaseDataDir(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && holder.pid === process.pid) return () => releaseDataDir(file);
    if (holder && holderIsAlive(holder)) {
      throw new DataDirInUseError(`process ${holder.pid} holds ${resolve(dataDir)} (another Strongroom started from this folder?)`);
    }
    // Ended without releasing it: removed, and the exclusive create tried again (another starter may win the race).
    try {
      unlinkSync(file);
    } catch {
      /* another starter removed it first */
    }
  }
  throw new DataDirInUseError(`another process is taking ${resolve(dataDir)} at the same moment`);
}

function releaseDataDir(file: string) {
  if (readHolder(file)?.pid !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}

/** The pid in a cluster's postmaster.pid when that process is alive and is a PostgreSQL of this very folder. */
function livePostmaster(databaseDir: string): number | undefined {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, dirLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  try {
    if (realpathSync(dirLine) !== realpathSync(databaseDir)) return undefined;
  } catch {
    return undefined;
  }
  if (existsSync('/proc')) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return undefined;
    } catch {
      return undefined;
    }
  }
  return pid;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Stops the PostgreSQL that a process which has ended left running on `databaseDir`. Call it only while holding
 * the folder (holdDataDir): then no live server is using that database. A fast shutdown (SIGINT) rolls back what
 * the dead server left open and writes a checkpoint; one that has not finished in `fastMs` is shut down at once
 * (SIGQUIT), which PostgreSQL recovers from at its next start as from a crash. Returns the pid it stopped.
 */
export async function stopOrphanedPostgres(databaseDir: string, fastMs = 30_000): Promise<number | undefined> {
  const pid = livePostmaster(databaseDir);
  if (pid === undefined) return undefined;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + fastMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      await sleep(1000);
      if (isAlive(pid)) throw new Error(`the PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop`);
      break;
    }
    await sleep(100);
  }
  return pid;
}

/** The live process holding `dataDir` (a running server), if any. */
export function liveHolder(dataDir: string): number | undefined {
  const holder = readHolder(join(dataDir, DATA_DIR_LOCK_FILE));
  return holder && holderIsAlive(holder) ? holder.pid : undefined;
}

/** The port of the PostgreSQL running on `databaseDir` (postmaster.pid's fourth line), if one runs. */
export function runningPostgresPort(databaseDir: string): number | undefined {
  if (livePostmaster(databaseDir) === undefined) return undefined;
  const port = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}
