// Faults for npm run chaos, one at a time: first each kind once on a schedule, then at random. Every fault
// records when its server (or the database) was down, which is when a 5xx is excused.
import type { Crash, Database, Servers, ServerProcess } from './cluster';
import { sleep, waitReady } from './cluster';

export const FAULT_KINDS = ['terminate-backends', 'kill-9', 'sigstop', 'postgres-restart'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** When a server (index) or every server ('all', the database) could not answer properly. */
export interface DownInterval {
  server: number | 'all';
  from: number;
  to: number;
  fault: FaultKind | 'crash';
}

/** After a database restart, how long each server took to answer /readyz again (undefined: never did). */
export interface Recovery {
  server: number;
  ms?: number;
}

const RANDOM_WEIGHTS: [FaultKind, number][] = [
  ['terminate-backends', 0.4],
  ['kill-9', 0.25],
  ['sigstop', 0.25],
  ['postgres-restart', 0.1],
];
/** How long after a fault its consequences (a rolled-back statement, a broken pooled connection) may surface. */
const AFTERMATH_MS = 2_000;

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

export class Faults {
  readonly injected: Record<FaultKind, number> = { 'terminate-backends': 0, 'kill-9': 0, sigstop: 0, 'postgres-restart': 0 };
  readonly down: DownInterval[] = [];
  readonly recoveries: Recovery[] = [];
  readonly notes: string[] = [];
  /** Server processes that exited although no fault stopped them. */
  readonly crashes: Crash[] = [];
  private scheduled = [...FAULT_KINDS];

  constructor(
    private readonly db: Database,
    private readonly servers: Servers,
    private readonly log: (line: string) => void,
  ) {
    servers.onSlowBoot = (note) => {
      this.notes.push(note);
      this.log(`note: ${note}`);
    };
    servers.onCrash = (server, crash) => void this.recover(server, crash);
  }

  /** A server that exited by itself: counted (a check fails on it), and started again as a supervisor would. */
  private async recover(server: ServerProcess, crash: Crash) {
    this.crashes.push(crash);
    server.recovering = true;
    this.log(`crash: server ${server.index} exited by itself (${crash.how}); starting it again`);
    try {
      await this.servers.start(server);
    } catch (err) {
      this.notes.push(`server ${server.index} could not be started again: ${(err as Error).message}`);
    } finally {
      server.recovering = false;
      this.down.push({ server: server.index, from: crash.at, to: Date.now() + AFTERMATH_MS, fault: 'crash' });
    }
  }

  /** Every scheduled fault has been injected (or skipped with a note). */
  scheduleDone() {
    return this.scheduled.length === 0;
  }

  /** Injects faults until `running()` turns false, waiting `gapMs` (randomised) between them. */
  async loop(running: () => boolean, gapMs: number) {
    await sleep(gapMs / 2);
    while (running()) {
      const kind = this.scheduled.shift() ?? this.randomKind();
      try {
        await this.inject(kind);
      } catch (err) {
        // The run goes on (and its checks judge what happened); the note says which fault could not be completed.
        this.notes.push(`${kind} failed: ${(err as Error).message}`);
        this.log(`fault: ${kind} failed: ${(err as Error).message}`);
      }
      const pause = between(gapMs / 2, gapMs * 1.5);
      for (let waited = 0; waited < pause && running(); waited += 100) await sleep(100);
    }
  }

  private randomKind(): FaultKind {
    let roll = Math.random();
    for (const [kind, weight] of RANDOM_WEIGHTS) {
      roll -= weight;
      if (roll <= 0) return kind;
    }
    return 'terminate-backends';
  }

  private pick(): ServerProcess {
    const up = this.servers.list.filter((s) => !s.recovering && s.child);
    const from = up.length > 0 ? up : this.servers.list;
    return from[Math.floor(Math.random() * from.length)];
  }

  async inject(kind: FaultKind) {
    if (kind === 'postgres-restart' && !this.db.restartable) {
      this.notes.push('postgres-restart skipped: CHAOS_DATABASE_URL names a database this run does not own');
      return;
    }
    this.injected[kind]++;
    const from = Date.now();
    if (kind === 'terminate-backends') {
      const server = this.pick();
      const killed = await this.db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid() ORDER BY random() LIMIT $2`, [
        `chaos-server-${server.index}`,
        between(1, 6),
      ]);
      await this.db.query(`SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) pid`, [killed.map((k) => k.pid)]);
      this.down.push({ server: server.index, from, to: Date.now() + AFTERMATH_MS, fault: kind });
      this.log(`fault: terminated ${killed.length} connections of server ${server.index}`);
    } else if (kind === 'kill-9') {
      const server = this.pick();
      this.servers.kill(server);
      await sleep(between(300, 1500));
      await this.servers.start(server);
      this.down.push({ server: server.index, from, to: Date.now() + AFTERMATH_MS, fault: kind });
      this.log(`fault: kill -9 of server ${server.index}, restarted in ${Date.now() - from} ms`);
    } else if (kind === 'sigstop') {
      const server = this.pick();
      this.servers.pause(server);
      await sleep(between(1_000, 7_000));
      this.servers.resume(server);
      this.down.push({ server: server.index, from, to: Date.now() + AFTERMATH_MS, fault: kind });
      this.log(`fault: SIGSTOP of server ${server.index} for ${Date.now() - from} ms, then SIGCONT`);
    } else {
      await this.restartDatabase(from);
    }
  }

  /** Fast shutdown, start again on the same data directory, then time each server's way back to /readyz. */
  private async restartDatabase(from: number) {
    await this.db.stop();
    await sleep(between(200, 1500));
    await this.db.start();
    const up = Date.now();
    const recovered = await Promise.all(
      this.servers.list.map(async (server) => {
        // A slow answer still counts: a busy server queues /readyz behind the retries that pile up meanwhile.
        const ready = await waitReady(server.base, 30_000, 50, 10_000);
        const recovery: Recovery = { server: server.index, ms: ready ? Date.now() - up : undefined };
        this.recoveries.push(recovery);
        return Date.now();
      }),
    );
    this.down.push({ server: 'all', from, to: Math.max(...recovered) + AFTERMATH_MS, fault: 'postgres-restart' });
    this.log(
      `fault: PostgreSQL fast restart (down ${up - from} ms); servers ready again after ${this.recoveries
        .slice(-this.servers.list.length)
        .map((r) => r.ms ?? 'never')
        .join(', ')} ms`,
    );
  }
}
