// A PostgreSQL cluster on this machine: etcd, three Patroni nodes (PostgreSQL 15 with synchronous streaming
// replication) and HAProxy in front, all on 127.0.0.1 under one folder. Each process runs detached with its
// pid in a file, so `npm run cluster` can return and `npm run cluster -- stop` can end them later.
import { spawn, execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, writeFileSync, chmodSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { etcdArgs, haproxyConfig, nodeDir, nodeName, patroniConfig, portsFrom, NODE_COUNT, type ClusterLayout } from './config';
import { POSTGRES_BIN_DIR } from './packages';

export const DATABASE_NAME = 'strongroom';

/** One member as Patroni's GET /cluster lists it. */
export interface Member {
  name: string;
  role: 'leader' | 'sync_standby' | 'replica' | string;
  state: string;
  lag?: number | string;
}

/** Patroni 3.0 calls a replica that follows its leader 'running'; later versions 'streaming'. */
const isStreaming = (m: Member) => m.state === 'streaming' || m.state === 'running';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PostgreSQL refuses to run as root: as root every process of the cluster runs as the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) };
}

export function pidAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    // A zombie (exited, not yet reaped) is not alive.
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
}

/** Every descendant of `pid` (from /proc), for stopping or pausing a node's whole process tree. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

export class PgCluster {
  readonly layout: ClusterLayout;

  constructor(dir: string, basePort: number) {
    const secretsFile = join(dir, 'secrets.json');
    const secrets = existsSync(secretsFile)
      ? (JSON.parse(readFileSync(secretsFile, 'utf8')) as { password: string; replicationPassword: string })
      : { password: randomBytes(12).toString('hex'), replicationPassword: randomBytes(12).toString('hex') };
    this.layout = { dir, binDir: POSTGRES_BIN_DIR, ports: portsFrom(basePort), ...secrets };
  }

  /** The servers' DATABASE_URL: the node that holds the leader lock, through HAProxy. */
  get readWriteUrl() {
    return `postgres://postgres:${this.layout.password}@127.0.0.1:${this.layout.ports.readWrite}/${DATABASE_NAME}`;
  }

  /** DATABASE_READ_URL: the running replicas, round robin, through HAProxy. */
  get readOnlyUrl() {
    return `postgres://postgres:${this.layout.password}@127.0.0.1:${this.layout.ports.readOnly}/${DATABASE_NAME}`;
  }

  /** A node's own PostgreSQL (bypassing HAProxy), for checks that must ask one node. */
  nodeUrl(n: number, database = DATABASE_NAME) {
    return `postgres://postgres:${this.layout.password}@127.0.0.1:${this.layout.ports.nodes[n].postgres}/${database}`;
  }

  private pidFile(name: string) {
    return join(this.layout.dir, `${name}.pid`);
  }

  pidOf(name: string): number | undefined {
    try {
      return Number(readFileSync(this.pidFile(name), 'utf8').trim()) || undefined;
    } catch {
      return undefined;
    }
  }

  /** Node n's postmaster (the first line of its postmaster.pid), while it runs. */
  postmasterPid(n: number): number | undefined {
    try {
      const pid = Number(readFileSync(join(nodeDir(this.layout, n), 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
      return pidAlive(pid) ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  patroniPid(n: number) {
    return this.pidOf(nodeName(n));
  }

  private launch(name: string, command: string, args: string[]) {
    if (pidAlive(this.pidOf(name))) return;
    const log = openSync(join(this.layout.dir, `${name}.log`), 'a');
    const user = runAs();
    const child = spawn(command, args, { cwd: this.layout.dir, detached: true, stdio: ['ignore', log, log], ...user });
    closeSync(log);
    writeFileSync(this.pidFile(name), String(child.pid));
    child.unref();
  }

  /** Starts whatever is not running (a second start on the same folder brings a stopped cluster back). */
  async start(log: (line: string) => void = () => undefined): Promise<void> {
    const { dir } = this.layout;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ password: this.layout.password, replicationPassword: this.layout.replicationPassword }), { mode: 0o600 });
    for (let n = 0; n < NODE_COUNT; n++) {
      mkdirSync(nodeDir(this.layout, n), { recursive: true, mode: 0o700 });
      writeFileSync(join(nodeDir(this.layout, n), 'patroni.yml'), patroniConfig(this.layout, n), { mode: 0o600 });
    }
    writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig(this.layout));
    const user = runAs();
    if (user) {
      chmodSync(dir, 0o755);
      execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
    }
    this.launch('etcd', '/usr/bin/etcd', etcdArgs(this.layout));
    await this.waitFor('etcd', async () => (await fetchJson(`http://127.0.0.1:${this.layout.ports.etcdClient}/health`))?.health === 'true', 30_000);
    // The first node bootstraps alone; the others then clone it with pg_basebackup.
    this.launch(nodeName(0), '/usr/bin/patroni', [join(nodeDir(this.layout, 0), 'patroni.yml')]);
    await this.waitFor('a leader', async () => (await this.members()).some((m) => m.role === 'leader' && m.state === 'running'), 120_000);
    for (let n = 1; n < NODE_COUNT; n++) this.launch(nodeName(n), '/usr/bin/patroni', [join(nodeDir(this.layout, n), 'patroni.yml')]);
    this.launch('haproxy', '/usr/sbin/haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')]);
    await this.waitFor('a synchronous standby', async () => (await this.members()).some((m) => m.role === 'sync_standby' && isStreaming(m)), 180_000);
    await this.ensureDatabase();
    await this.waitFor('both replicas streaming', async () => (await this.members()).filter((m) => m.role !== 'leader' && isStreaming(m)).length === NODE_COUNT - 1, 180_000);
    log(`cluster up: ${(await this.members()).map((m) => `${m.name} ${m.role}`).join(', ')}`);
  }

  private async ensureDatabase() {
    const client = new Client({ connectionString: this.readWriteUrl.replace(/\/[^/]+$/, '/postgres') });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
    } finally {
      await client.end();
    }
  }

  async waitFor(what: string, ok: () => Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await ok().catch(() => false)) return;
      await sleep(250);
    }
    throw new Error(`the cluster did not have ${what} within ${timeoutMs / 1000} s (logs in ${this.layout.dir})`);
  }

  /** The members as the first Patroni that answers sees them (none answering: empty). */
  async members(): Promise<Member[]> {
    for (const p of this.layout.ports.nodes) {
      const answer = (await fetchJson(`http://127.0.0.1:${p.rest}/cluster`)) as { members?: Member[] } | undefined;
      if (answer?.members) return answer.members;
    }
    return [];
  }

  /** The index of the node whose Patroni says it is the primary (GET /primary answers 200), if any. */
  async primary(): Promise<number | undefined> {
    for (let n = 0; n < NODE_COUNT; n++) if ((await fetchStatus(`http://127.0.0.1:${this.layout.ports.nodes[n].rest}/primary`)) === 200) return n;
    return undefined;
  }

  /** SIGSTOP (or SIGCONT) to a node's Patroni and every PostgreSQL process of it: the whole node frozen. */
  signalNode(n: number, signal: 'SIGSTOP' | 'SIGCONT') {
    const roots = [this.patroniPid(n), this.postmasterPid(n)].filter((p): p is number => pidAlive(p));
    const all = [...new Set(roots.flatMap((p) => [p, ...descendants(p)]))];
    for (const pid of all) {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone meanwhile.
      }
    }
    return all.length;
  }

  /** Stops HAProxy, the Patronis (each stops its PostgreSQL) and etcd, waiting for each to exit. */
  async stop(log: (line: string) => void = () => undefined) {
    const names = ['haproxy', ...Array.from({ length: NODE_COUNT }, (_, n) => nodeName(n)), 'etcd'];
    for (const name of names) {
      const pid = this.pidOf(name);
      if (!pidAlive(pid)) continue;
      if (name.startsWith('node')) this.signalNode(Number(name.slice(4)) - 1, 'SIGCONT');
      process.kill(pid!, 'SIGTERM');
      const deadline = Date.now() + 60_000;
      while (pidAlive(pid) && Date.now() < deadline) await sleep(200);
      if (pidAlive(pid)) process.kill(pid!, 'SIGKILL');
      log(`stopped ${name}`);
    }
    // A postmaster whose Patroni was killed outright would outlive it: stopped here too.
    for (let n = 0; n < NODE_COUNT; n++) {
      const pid = this.postmasterPid(n);
      if (pid) {
        process.kill(pid, 'SIGINT');
        const deadline = Date.now() + 30_000;
        while (pidAlive(pid) && Date.now() < deadline) await sleep(200);
      }
    }
  }
}

async function fetchJson(url: string): Promise<Record<string, unknown> | undefined> {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return (await answer.json()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

async function fetchStatus(url: string): Promise<number | undefined> {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(1_500) });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return undefined;
  }
}
