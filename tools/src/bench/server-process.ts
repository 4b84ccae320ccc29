// The server as the bench, the chaos run and the server's own process tests start it: node server/dist/main.js
// in a process of its own with production's Node flags, its environment, and its readiness. Nothing here
// imports the server's code, so the server's tests can use it too.
import { spawn, type ChildProcess } from 'node:child_process';

/** Environment for a server process under load: limits raised so that only the system under test is measured. */
export function serverEnv(opts: { databaseUrl: string; port: number; dataDir: string; sessionSecret: string; encryptionKeyHex: string; extra?: Record<string, string> }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    SERVE_STATIC: '0',
    SESSION_SECRET: opts.sessionSecret,
    ENCRYPTION_KEY: opts.encryptionKeyHex,
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
    DAILY_OUTBOUND_LIMIT: '100000000.00',
    // The end of day is measured on its own (tools/src/bench/end-of-day.ts), never by chance beside another figure.
    END_OF_DAY: '0',
    ...opts.extra,
  };
}

/** `url` with its connections named `name` in pg_stat_activity, so that a run can find (or kill) that process's backends. */
export function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/**
 * The Node flags the server runs with in production (package.json's start:server, docker/Dockerfile), so the bench
 * and the chaos run measure the same process. No allocation-site pretenuring (docs/performance.md#no-allocation-site-pretenuring): V8 had moved ~36
 * of the server's allocation sites to allocate straight into the old generation, so every request's objects there
 * waited for a mark-compact (8 in a 30 s steady run at 1,200 transfers/s; 0-1 without). A 24 MB young generation (Node's
 * default is 16 MB): each scavenge's pause grows with what survives it; 48 MB halved the scavenges but lengthened each
 * (3.3 ms on average against 1.9), and 64 MB once paused the server ~7 ms a time. Flags given after these
 * (BENCH_SERVER_NODE_ARGS) win. The old generation may double over what the last mark-compact kept, and V8's memory
 * reducer, whose watchdog compacted everything and shrank the young generation under load, is off (docs/performance.md#heap-headroom-and-idle-collection).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=24', '--no-allocation-site-pretenuring', '--heap-growing-percent=300', '--no-memory-reducer'];

/** node server/dist/main.js in a process of its own (as in production), with SERVER_NODE_FLAGS and optional others. */
export function spawnServer(env: NodeJS.ProcessEnv, nodeArgs: string[] = [], stdio: 'inherit' | 'ignore' | 'pipe' = 'inherit'): ChildProcess {
  // The server package's main: server/dist/main.js, built by npm run build (the tools' scripts build it first).
  const main = require.resolve('@strongroom/server');
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, main], { env, stdio: ['ignore', stdio, stdio] });
}

/** Waits until GET base/readyz answers 200 (each try waits up to `attemptMs` for its answer); false after `timeoutMs`. */
export async function waitReady(base: string, timeoutMs = 30_000, intervalMs = 100, attemptMs = 2_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(Math.min(attemptMs, Math.max(1, deadline - Date.now()))) });
      if (res.ok) return true;
    } catch {
      /* starting, stopped or without its database */
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}
