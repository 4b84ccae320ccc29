// The chaos run in cluster mode at its smallest (npm run chaos with CHAOS_CLUSTER=1 is the full one): a three-node
// Patroni cluster, transfers from 20 clients, the servers' faults, one failover (the primary's postmaster killed)
// and a replica restarted, then every check. It needs Debian's patroni, etcd-server and haproxy (.ci/run installs
// them); without them it is skipped, and says why.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingPackages } from '../../src/cluster/packages';
import type { ChaosReport } from '../../src/chaos/chaos';

jest.setTimeout(15 * 60_000);

const SCRIPT = join(__dirname, '..', '..', 'dist', 'chaos', 'chaos.js');
const missing = missingPackages();
if (missing.length > 0) console.warn(`cluster chaos test skipped: Debian packages ${missing.join(', ')} are not installed (apt-get install -y ${missing.join(' ')})`);
const describeWithCluster = missing.length > 0 ? describe.skip : describe;

describeWithCluster(`chaos on a Patroni cluster${missing.length > 0 ? ` (skipped: ${missing.join(', ')} not installed)` : ''}`, () => {
  let report: ChaosReport;
  let output = '';

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strongroom-cluster-test-'));
    const reportPath = join(dir, 'report.json');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CHAOS_CLUSTER: '1',
      CHAOS_FAILOVERS: '1',
      CHAOS_TRANSFERS: '600',
      CHAOS_CLIENTS: '20',
      CHAOS_FAULT_GAP_MS: '3000',
      CHAOS_HISTORY: '0',
      CHAOS_REPORT: reportPath,
    };
    delete env.CHAOS_DATABASE_URL;
    output = await new Promise<string>((resolve) => {
      execFile(process.execPath, [SCRIPT], { env, maxBuffer: 64 * 1024 * 1024 }, (_err, stdout, stderr) => resolve(`${stdout}${stderr}`));
    });
    try {
      report = JSON.parse(readFileSync(reportPath, 'utf8')) as ChaosReport;
    } catch {
      throw new Error(`the cluster chaos run wrote no report:\n${output}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the primary over and restarts a replica, and writes commit again within a minute of each', () => {
    // A fault that could not be completed is a note of the run: shown, so a failure says why.
    expect({ kinds: report.clusterRecoveries.map((r) => r.kind), notes: report.notes }).toEqual(expect.objectContaining({ kinds: expect.arrayContaining(['primary-kill-9', 'replica-restart']) }));
    const failover = report.clusterRecoveries.find((r) => r.kind === 'primary-kill-9')!;
    // A new leader: the killed primary is not the one that took writes again.
    expect(failover.to).not.toEqual(failover.from);
    for (const r of report.clusterRecoveries) expect(r.ms).toBeLessThan(60_000);
  });

  it('moves money: transfers were acknowledged and booked', () => {
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.booked).toBeGreaterThanOrEqual(report.acknowledged);
  });

  // As in chaos.test.ts: liveness is printed, and only the safety checks must be clean in a run this short.
  const LIVENESS = /after its retries, acknowledged or refused/;

  it('finds no safety violation: every acknowledged payment booked once, replicas equal to the primary, 5xx only during faults', () => {
    expect(report.checks.map((c) => c.name)).toEqual(expect.arrayContaining(['every replica, once caught up, holds the same ledger as the primary']));
    const failed = report.checks.filter((c) => c.violations > 0 && !LIVENESS.test(c.name)).map((c) => `${c.name}: ${c.violations} (${c.examples.join('; ')})`);
    if (failed.length) process.stdout.write(output);
    expect(failed).toEqual([]);
  });
});
