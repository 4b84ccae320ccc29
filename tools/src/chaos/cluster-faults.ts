// The database cluster's faults for npm run chaos with CHAOS_CLUSTER=1 (docs/operations/cluster.md): kill -9 of
// the primary's postmaster, SIGSTOP of the primary's whole node (Patroni and PostgreSQL) for longer than the
// leader lock lives, and a replica's restart. Each is timed from the fault to the first write that commits
// (synchronously replicated) through the read-write endpoint again.
import { Client } from 'pg';
import { NODE_COUNT, PATRONI_TIMING } from '../cluster/config';
import type { PgCluster } from '../cluster/pg-cluster';
import { sleep } from './cluster';

export const CLUSTER_FAULT_KINDS = ['primary-kill-9', 'primary-sigstop', 'replica-restart'] as const;
export type ClusterFaultKind = (typeof CLUSTER_FAULT_KINDS)[number];

/** One fault of the cluster and how long writes took to commit again after it. */
export interface ClusterRecovery {
  kind: ClusterFaultKind;
  /** Fault to first committed write through the read-write endpoint. */
  ms: number;
  from: string;
  to: string;
}

const HEALTHY_WITHIN_MS = 180_000;

export class ClusterFaults {
  readonly recoveries: ClusterRecovery[] = [];

  constructor(
    private readonly cluster: PgCluster,
    private readonly log: (line: string) => void,
  ) {}

  /** Failovers so far: faults that took the primary away. */
  get failovers() {
    return this.recoveries.filter((r) => r.kind !== 'replica-restart').length;
  }

  /** Waits for a leader, every replica following it and a synchronous standby: the next fault starts from a whole cluster. */
  async waitHealthy() {
    await this.cluster.waitFor(
      'every member back',
      async () => {
        const members = await this.cluster.members();
        const following = members.filter((m) => m.role !== 'leader' && (m.state === 'running' || m.state === 'streaming'));
        return members.some((m) => m.role === 'leader' && m.state === 'running') && members.some((m) => m.role === 'sync_standby') && following.length === NODE_COUNT - 1;
      },
      HEALTHY_WITHIN_MS,
    );
  }

  /** Injects one fault into a whole cluster; returns once a write commits again (the recovery is recorded). */
  async inject(kind: ClusterFaultKind): Promise<{ from: number; writable: number }> {
    await this.waitHealthy();
    const leader = await this.cluster.primary();
    if (leader === undefined) throw new Error('no primary to inject a fault into');
    const before = (await this.cluster.members()).map((m) => `${m.name} ${m.role}`).join(', ');
    const from = Date.now();
    let writable: number;
    if (kind === 'primary-kill-9') {
      const pid = this.cluster.postmasterPid(leader);
      if (!pid) throw new Error(`node ${leader + 1} has no postmaster`);
      process.kill(pid, 'SIGKILL');
      writable = await this.firstWrite(from);
    } else if (kind === 'primary-sigstop') {
      const stopped = this.cluster.signalNode(leader, 'SIGSTOP');
      // Longer than the leader lock lives: the others must elect a new primary while this one cannot object.
      const holdMs = (PATRONI_TIMING.ttl + 5) * 1000;
      const writing = this.firstWrite(from);
      await sleep(holdMs);
      this.cluster.signalNode(leader, 'SIGCONT');
      writable = await writing;
      this.log(`  node ${leader + 1}: ${stopped} processes stopped for ${holdMs / 1000} s, then continued`);
    } else {
      await this.restartReplica([0, 1, 2].find((n) => n !== leader)!);
      writable = await this.firstWrite(from);
    }
    // The former primary rejoins as a standby meanwhile; the next fault waits for it (waitHealthy).
    const after = (await this.cluster.members()).map((m) => `${m.name} ${m.role}`).join(', ');
    this.recoveries.push({ kind, ms: writable - from, from: before, to: after });
    this.log(`fault: ${kind} on node ${leader + 1}: writes committed again after ${writable - from} ms; [${before}] -> [${after}]`);
    return { from, writable };
  }

  /**
   * Asks the replica's Patroni to restart its PostgreSQL. On a loaded machine Patroni may answer 503 (the restart
   * timed out, or one is still in progress) or not answer in time: the request is made again, up to three times, each refusal logged.
   */
  private async restartReplica(replica: number): Promise<void> {
    const refusals: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const answer = await fetch(`http://127.0.0.1:${this.cluster.layout.ports.nodes[replica].rest}/restart`, { method: 'POST', signal: AbortSignal.timeout(90_000) });
        if (answer.status < 300) return;
        refusals.push(`${answer.status} ${(await answer.text()).trim()}`);
      } catch (err) {
        refusals.push((err as Error).message);
      }
      this.log(`  node ${replica + 1}: restart refused (${refusals.at(-1)}), attempt ${attempt} of 3`);
      await this.waitHealthy();
    }
    throw new Error(`replica restart refused three times: ${refusals.join('; ')}`);
  }

  /** Tries a committed write (txid_current() assigns a transaction id, so its commit waits for the standby) until one succeeds. */
  private async firstWrite(from: number): Promise<number> {
    // The fault needs a moment to be noticed; a write that commits before it took effect proves nothing.
    await sleep(200);
    for (;;) {
      const client = new Client({ connectionString: this.cluster.readWriteUrl, connectionTimeoutMillis: 2_000, query_timeout: 2_000, application_name: 'chaos-controller' });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT txid_current()');
        return Date.now();
      } catch {
        if (Date.now() - from > HEALTHY_WITHIN_MS) throw new Error(`no write committed within ${HEALTHY_WITHIN_MS / 1000} s`);
        await sleep(100);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }
}

/** The median and maximum of the recoveries' times, for the report. */
export function recoverySummary(recoveries: ClusterRecovery[]): { median: number; max: number } | undefined {
  if (recoveries.length === 0) return undefined;
  const sorted = recoveries.map((r) => r.ms).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return { median: sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2), max: sorted[sorted.length - 1] };
}
