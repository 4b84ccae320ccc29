// Faults for npm run chaos, one at a time: first each kind once on a schedule, then at random. Every fault
// records when its server (or the database) was down, which is when a 5xx is excused.
import type { Crash, Database, Servers, ServerProcess } from './cluster';
import { sleep, waitReady } from './cluster';
import { CLUSTER_FAULT_KINDS, type ClusterFaultKind, type ClusterFaults } from './cluster-faults';

export const FAULT_KINDS = ['terminate-backends', 'kill-9', 'sigstop', 'postgres-restart'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number] | ClusterFaultKind;

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
/**
 * After a failover the servers' requests that were waiting on the former primary end with it, and the clients'
 * retries meet pools still replacing connections: 5xx (all 503) are excused this long after writes work again.
 */
const CLUSTER_AFTERMATH_MS = 5_000;

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

export class Faults {
  readonly injected: Record<FaultKind, number> = { 'terminate-backends': 0, 'kill-9': 0, sigstop: 0, 'postgres-restart': 0, 'primary-kill-9': 0, 'primary-sigstop': 0, 'replica-restart': 0 };
  readonly down: DownInterval[] = [];
  readonly recoveries: Recovery[] = [];
  readonly notes: string[] = [];
  /** Server processes that exited although no fault stopped them. */
  readonly crashes: Crash[] = [];
  private scheduled: FaultKind[] = [...FAULT_KINDS];

  constructor(
    private readonly db: Database,
    private readonly servers: Servers,
    private readonly log: (line: string) => void,
    /** CHAOS_CLUSTER=1: the database cluster's faults, scheduled until `failovers` primaries were lost. */
    private readonly cluster?: { faults: ClusterFaults; failovers: number },
  ) {
    if (cluster) {
      // The servers' own faults once each, then the primary lost by kill -9 and by SIGSTOP in turn, a replica restarted between.
      const primaryFaults = Array.from({ length: cluster.failovers }, (_, i): FaultKind => (i % 2 === 0 ? 'primary-kill-9' : 'primary-sigstop'));
      this.scheduled = ['terminate-backends', 'kill-9', 'sigstop', ...primaryFaults.slice(0, 2), 'replica-restart', ...primaryFaults.slice(2)];
    }
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
    if (this.cluster && Math.random() < 0.3) return CLUSTER_FAULT_KINDS[Math.floor(Math.random() * CLUSTER_FAULT_KINDS.length)];
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
      if (!this.cluster) this.notes.push('postgres-restart skipped: CHAOS_DATABASE_URL names a database this run does not own');
      return;
    }
    this.injected[kind]++;
    const from = Date.now();
    if (kind === 'primary-kill-9' || kind === 'primary-sigstop' || kind === 'replica-restart') {
      if (!this.cluster) throw new Error(`${kind} needs CHAOS_CLUSTER=1`);
      // Timed from the fault itself, not from the wait for a whole cluster before it.
      const { from: faultAt, writable } = await this.cluster.faults.inject(kind);
      await this.timeReadiness(faultAt, writable, kind, CLUSTER_AFTERMATH_MS);
    } else if (kind === 'terminate-backends') {
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
    await this.timeReadiness(from, Date.now(), 'postgres-restart', AFTERMATH_MS);
  }

  /** Times each server's way back to /readyz once the database (`up`) takes writes again; every server is excused meanwhile. */
  private async timeReadiness(from: number, up: number, fault: FaultKind, aftermathMs: number) {
    const recovered = await Promise.all(
      this.servers.list.map(async (server) => {
        // A slow answer still counts: a busy server queues /readyz behind the retries that pile up meanwhile.
        const ready = await waitReady(server.base, 30_000, 50, 10_000);
        const recovery: Recovery = { server: server.index, ms: ready ? Date.now() - up : undefined };
        this.recoveries.push(recovery);
        return Date.now();
      }),
    );
    this.down.push({ server: 'all', from, to: Math.max(...recovered) + aftermathMs, fault });
    this.log(
      `fault: ${fault} (writes down ${up - from} ms); servers ready again after ${this.recoveries
        .slice(-this.servers.list.length)
        .map((r) => r.ms ?? 'never')
        .join(', ')} ms`,
    );
  }
}
