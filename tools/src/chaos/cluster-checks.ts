// Cluster mode of npm run chaos: the cluster it runs on, and what it checks about it once the faults stop.
import { chmodSync } from 'node:fs';
import { dirname } from 'node:path';
import { Client } from 'pg';
import { NODE_COUNT } from '../cluster/config';
import { missingPackages } from '../cluster/packages';
import { PgCluster } from '../cluster/pg-cluster';
import type { ClusterFaults } from './cluster-faults';
import type { Check } from './checks';

/** A fresh cluster under `dir`, on ports no other run uses (a random base from 30000). */
export async function startChaosCluster(dir: string, log: (line: string) => void): Promise<PgCluster> {
  const missing = missingPackages();
  if (missing.length > 0) throw new Error(`CHAOS_CLUSTER=1 needs Debian's packages ${missing.join(', ')} (npm run cluster installs them)`);
  // The run's temporary folder is private (0700); the cluster's processes run as the postgres user when this is root.
  chmodSync(dirname(dir), 0o711);
  const cluster = new PgCluster(dir, 30_000 + 100 * Math.floor(Math.random() * 300));
  log(`starting a three-node Patroni cluster in ${dir}`);
  try {
    await cluster.start(log);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}

/** Every replica holds what the primary holds (once it replayed the primary's last commit), and enough primaries were lost. */
export async function replicaChecks(cluster: PgCluster, faults: ClusterFaults, failoversWanted: number): Promise<Check[]> {
  const enough: Check = { name: `at least ${failoversWanted} failovers (primary lost) in the run`, violations: 0, examples: [] };
  if (faults.failovers < failoversWanted) {
    enough.violations = 1;
    enough.examples.push(`${faults.failovers} failovers`);
  }
  const same: Check = { name: 'every replica, once caught up, holds the same ledger as the primary', violations: 0, examples: [] };
  const whole = await faults.waitHealthy().then(
    () => true,
    () => false,
  );
  const leader = await cluster.primary();
  if (!whole) {
    same.violations++;
    same.examples.push(`the cluster was not whole again after the run: ${(await cluster.members()).map((m) => `${m.name} ${m.role} ${m.state}`).join(', ')}`);
  }
  const ledgerOf = async (n: number, waitForLsn?: string) => {
    const client = new Client({ connectionString: cluster.nodeUrl(n) });
    await client.connect();
    try {
      if (waitForLsn) {
        for (let i = 0; i < 600; i++) {
          const [{ caught }] = (await client.query(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught`, [waitForLsn])).rows as { caught: boolean }[];
          if (caught) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      const [row] = (
        await client.query(
          `SELECT pg_current_wal_lsn_if_primary, (SELECT count(*) FROM postings)::text AS postings, (SELECT coalesce(sum(abs(balance_minor)), 0) FROM ledger_accounts)::text AS balances
             FROM (SELECT CASE WHEN pg_is_in_recovery() THEN NULL ELSE pg_current_wal_lsn()::text END AS pg_current_wal_lsn_if_primary) lsn`,
        )
      ).rows as { pg_current_wal_lsn_if_primary: string | null; postings: string; balances: string }[];
      return row;
    } finally {
      await client.end();
    }
  };
  if (leader === undefined) {
    same.violations = 1;
    same.examples.push('no primary after the run');
    return [enough, same];
  }
  const primary = await ledgerOf(leader);
  for (let n = 0; n < NODE_COUNT; n++) {
    if (n === leader) continue;
    // A former primary may still be restarting as a standby: it is given a minute.
    let replica: Awaited<ReturnType<typeof ledgerOf>> | Error = new Error('not read');
    for (let attempt = 0; attempt < 60; attempt++) {
      replica = await ledgerOf(n, primary.pg_current_wal_lsn_if_primary ?? undefined).catch((err: Error) => err);
      if (!(replica instanceof Error)) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    if (replica instanceof Error) {
      same.violations++;
      same.examples.push(`node ${n + 1} could not be read: ${replica.message}`);
    } else if (replica.postings !== primary.postings || replica.balances !== primary.balances) {
      same.violations++;
      same.examples.push(`node ${n + 1}: ${replica.postings} postings, balances ${replica.balances}; primary node ${leader + 1}: ${primary.postings}, ${primary.balances}`);
    }
  }
  return [enough, same];
}
