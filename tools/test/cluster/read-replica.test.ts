// Replica reads with read-your-writes on a real Patroni cluster (npm run cluster's): with the replicas' replay
// paused (pg_wal_replay_pause), a session that just wrote reads from the primary and sees its write, another session
// reads the stale replica, and once replay resumes the writer's reads go to a replica again. It needs Debian's
// patroni, etcd-server and haproxy (.ci/run installs them); without them it is skipped, and says why.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, closeDataSource } from '@strongroom/server/db/data-source';
import { ReadReplica } from '@strongroom/server/db/read-replica';
import { missingPackages } from '../../src/cluster/packages';
import { PgCluster } from '../../src/cluster/pg-cluster';

jest.setTimeout(10 * 60_000);

const missing = missingPackages();
if (missing.length > 0) console.warn(`read-replica test skipped: Debian packages ${missing.join(', ')} are not installed (apt-get install -y ${missing.join(' ')})`);
const describeWithCluster = missing.length > 0 ? describe.skip : describe;

describeWithCluster(`reads from replicas, read-your-writes${missing.length > 0 ? ` (skipped: ${missing.join(', ')} not installed)` : ''}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'strongroom-replica-test-'));
  const cluster = new PgCluster(join(dir, 'cluster'), 30_000 + 100 * Math.floor(Math.random() * 300));
  let primary: DataSource;
  let replicas: ReadReplica;
  let replicaNodes: number[] = [];
  const onNode = async (n: number, sql: string) => {
    const client = new Client({ connectionString: cluster.nodeUrl(n) });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const notes = (db: { query: (sql: string) => Promise<unknown> }) =>
    db.query('SELECT count(*)::int AS n, pg_is_in_recovery() AS on_replica FROM replica_notes') as Promise<{ n: number; on_replica: boolean }[]>;

  beforeAll(async () => {
    chmodSync(dir, 0o711);
    await cluster.start();
    primary = createDataSource(cluster.readWriteUrl, { poolSize: 2 });
    await primary.initialize();
    replicas = await ReadReplica.connect(primary, cluster.readWriteUrl, cluster.readOnlyUrl, 2);
    await primary.query('CREATE TABLE replica_notes (id serial PRIMARY KEY, body text NOT NULL)');
    const leader = await cluster.primary();
    replicaNodes = [0, 1, 2].filter((n) => n !== leader);
    // Both replicas have the table, then stop replaying what the primary sends them.
    await cluster.waitFor(
      'the table on every replica',
      async () => (await Promise.all(replicaNodes.map((n) => onNode(n, "SELECT to_regclass('replica_notes') IS NOT NULL AS ok")))).every((r) => r[0].ok),
      60_000,
    );
    for (const n of replicaNodes) await onNode(n, 'SELECT pg_wal_replay_pause()');
  });
  afterAll(async () => {
    await replicas?.close();
    if (primary?.isInitialized) await closeDataSource(primary);
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a session that wrote to the primary while the replicas lag, others to a (stale) replica', async () => {
    await primary.query(`INSERT INTO replica_notes (body) VALUES ('written')`);
    await replicas.noteWrite('writer');
    expect(await replicas.read('writer', notes)).toEqual([{ n: 1, on_replica: false }]);
    expect(await replicas.read('reader', notes)).toEqual([{ n: 0, on_replica: true }]);
    expect(replicas.served).toEqual({ replica: 1, primary: 1 });
  });

  it('sends the writer to the primary on another server too, by the write position its cookie carries', async () => {
    await primary.query(`INSERT INTO replica_notes (body) VALUES ('written on server one')`);
    const position = await replicas.noteWrite('writer');
    // A second server knows nothing of the session's write but what its client presents.
    const otherServer = await ReadReplica.connect(primary, cluster.readWriteUrl, cluster.readOnlyUrl, 2);
    try {
      expect(await otherServer.read({ sessionId: 'writer', walPosition: position }, notes)).toEqual([{ n: 2, on_replica: false }]);
      expect(await otherServer.read({ sessionId: 'writer' }, notes)).toEqual([{ n: 0, on_replica: true }]);
    } finally {
      await otherServer.close();
    }
  });

  it("reads the writer's data from a replica once the replicas have replayed its write", async () => {
    for (const n of replicaNodes) await onNode(n, 'SELECT pg_wal_replay_resume()');
    await cluster.waitFor('a replica read for the writer', async () => (await replicas.read('writer', notes))[0].on_replica, 60_000);
    expect(await replicas.read('writer', notes)).toEqual([{ n: 2, on_replica: true }]);
  });
});
