// The system under test for npm run chaos: one PostgreSQL, N server processes on it, and a round-robin
// HTTP proxy in front of them on loopback. Every piece can be broken and brought back on purpose.
import type { ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, Agent, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { generateSecret } from 'otplib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '@strongroom/server/db/embedded-postgres';
import { serverEnv, spawnServer, waitReady, withApplicationName } from '../bench/server-process';

export const CHAOS_ADMIN = { email: 'chaos.admin@strongroom.local', password: 'Chaos!Admin-Passw0rd', totpSecret: generateSecret() };

/** The header the proxy adds to every answer: which server process answered (or failed to). */
export const SERVER_HEADER = 'x-chaos-server';

/** How long one boot of a server process may take before it is killed and started again. */
const SERVER_BOOT_MS = 120_000;

/** PostgreSQL for the run: embedded (restartable from its data dir) or CHAOS_DATABASE_URL (never restarted). */
export class Database {
  private embedded?: EmbeddedDatabase;
  private port = 0;
  url = '';
  /** A small pool of the chaos run's own, for faults and checks (named so it is never a target). */
  pool!: Pool;

  constructor(
    private readonly dir: string,
    private readonly externalUrl?: string,
  ) {}

  get restartable() {
    return !this.externalUrl;
  }

  async start() {
    if (this.externalUrl) {
      this.url = this.externalUrl;
    } else {
      this.port = this.port || (await freePort());
      this.embedded = await startEmbeddedPostgres(this.dir, { port: this.port });
      this.url = this.embedded.url;
    }
    if (!this.pool) {
      this.pool = new Pool({ connectionString: withApplicationName(this.url, 'chaos-controller'), max: 4 });
      // A restart breaks idle connections; the pool drops them and the next query opens a new one.
      this.pool.on('error', () => undefined);
    }
  }

  /** The embedded cluster's postmaster (the first line of postmaster.pid); undefined for CHAOS_DATABASE_URL. */
  postmasterPid(): number | undefined {
    if (!this.embedded) return undefined;
    try {
      return Number(readFileSync(join(this.dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
    } catch {
      return undefined;
    }
  }

  /** Fast shutdown (SIGINT: open transactions roll back) and start again on the same data directory and port. */
  async stop() {
    await this.embedded?.stop();
    this.embedded = undefined;
  }

  /** A query from the controller that retries while the database restarts. */
  async query<T>(sql: string, params: unknown[] = [], attempts = 50): Promise<T[]> {
    for (let i = 1; ; i++) {
      try {
        return (await this.pool.query(sql, params)).rows as T[];
      } catch (err) {
        if (i >= attempts) throw err;
        await sleep(200);
      }
    }
  }

  async close() {
    await this.pool?.end().catch(() => undefined);
    await this.stop();
  }
}

export interface ServerProcess {
  index: number;
  port: number;
  base: string;
  child?: ChildProcess;
  /** Stopped with SIGSTOP and not yet continued. */
  paused: boolean;
  /** Being started again after it exited by itself (faults leave it alone meanwhile). */
  recovering?: boolean;
  /** The last few kB the process wrote (stdout and stderr), for telling why it exited. */
  output?: string;
}

/** A server process that exited although nobody stopped it. */
export interface Crash {
  server: number;
  at: number;
  how: string;
  output: string;
}

/** N server processes sharing one database, secrets and data directory; each restarts on the port it had. */
export class Servers {
  readonly list: ServerProcess[] = [];
  private readonly sessionSecret = randomBytes(32).toString('hex');
  readonly encryptionKey = randomBytes(32);

  constructor(
    private readonly db: Database,
    private readonly dataDir: string,
  ) {}

  async startAll(count: number) {
    // One after the other: each boot runs the migrations and ensures the admin.
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const server: ServerProcess = { index: i, port, base: `http://127.0.0.1:${port}`, paused: false };
      this.list.push(server);
      await this.start(server);
    }
  }

  async start(server: ServerProcess) {
    const env = serverEnv({
      databaseUrl: withApplicationName(this.db.url, `chaos-server-${server.index}`),
      port: server.port,
      dataDir: this.dataDir,
      sessionSecret: this.sessionSecret,
      encryptionKeyHex: this.encryptionKey.toString('hex'),
      extra: { ADMIN_EMAIL: CHAOS_ADMIN.email, ADMIN_PASSWORD: CHAOS_ADMIN.password, ADMIN_TOTP_SECRET: CHAOS_ADMIN.totpSecret, LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'fatal' },
    });
    // On a machine shared with other work a boot can take a minute; one that exits (or hangs) is started again.
    for (let attempt = 1; ; attempt++) {
      const inherit = process.env.CHAOS_SERVER_OUTPUT === '1';
      const child = spawnServer(env, [], inherit ? 'inherit' : 'pipe');
      server.child = child;
      server.paused = false;
      server.output = '';
      const keep = (chunk: Buffer) => (server.output = `${server.output ?? ''}${chunk.toString('utf8')}`.slice(-4096));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      let exited = false;
      let ready = false;
      child.once('exit', (code, signal) => {
        exited = true;
        // Before it was ready, the boot loop here starts it again; after, it is a crash.
        if (!ready || this.stopping.has(child) || server.child !== child) return;
        server.child = undefined;
        this.onCrash?.(server, { server: server.index, at: Date.now(), how: signal ? `signal ${signal}` : `exit code ${code}`, output: server.output ?? '' });
      });
      const deadline = Date.now() + SERVER_BOOT_MS;
      while (!exited && Date.now() < deadline) {
        if (await waitReady(server.base, 5_000)) {
          ready = true;
          return;
        }
      }
      if (attempt >= 5) throw new Error(`server ${server.index} did not become ready in ${attempt} boots`);
      this.onSlowBoot?.(`server ${server.index} ${exited ? 'exited while booting' : `was not ready ${SERVER_BOOT_MS / 1000} s after its start`}: started again`);
      this.stopping.add(child);
      child.kill('SIGKILL');
    }
  }

  /** Told when a boot had to be repeated (the run notes it). */
  onSlowBoot?: (note: string) => void;
  /** Told when a running server exits although nobody stopped it. */
  onCrash?: (server: ServerProcess, crash: Crash) => void;
  /** Processes this run is stopping itself (their exit is no crash). */
  private readonly stopping = new WeakSet<ChildProcess>();

  kill(server: ServerProcess) {
    if (server.child) this.stopping.add(server.child);
    server.child?.kill('SIGKILL');
    server.child = undefined;
  }

  pause(server: ServerProcess) {
    server.child?.kill('SIGSTOP');
    server.paused = true;
  }

  resume(server: ServerProcess) {
    server.child?.kill('SIGCONT');
    server.paused = false;
  }

  async stopAll() {
    await Promise.all(
      this.list.map(async (s) => {
        if (!s.child) return;
        if (s.paused) this.resume(s);
        this.stopping.add(s.child);
        const exited = new Promise((r) => s.child!.once('exit', r));
        s.child.kill('SIGTERM');
        await Promise.race([exited, sleep(15_000)]);
        s.child?.kill('SIGKILL');
      }),
    );
  }
}

/**
 * Round robin per request, like a plain load balancer with no health checks: a refused connection is a 502
 * (the server is down), a connection lost mid-request is no answer at all (the client's socket is destroyed).
 */
export async function startProxy(servers: ServerProcess[]): Promise<{ base: string; close(): Promise<void> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  let next = 0;
  const proxy: Server = createServer((req, res) => {
    const target = servers[next++ % servers.length];
    const upstream = httpRequest({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVER_HEADER]: String(target.index) });
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      answer.on('aborted', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (res.headersSent || res.destroyed) return void res.destroy();
      if (err.code === 'ECONNREFUSED') {
        res.writeHead(502, { 'content-type': 'application/json', [SERVER_HEADER]: String(target.index) });
        res.end(JSON.stringify({ success: false, error: 'upstream refused the connection' }));
      } else {
        res.destroy();
      }
    });
    // The client gave up (timeout): so does the proxy, as a real one would.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  proxy.keepAliveTimeout = 30_000;
  const port = await freePort();
  await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        proxy.closeAllConnections();
        proxy.close(() => r());
        agent.destroy();
      }),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { waitReady };
