// npm run cluster: starts PostgreSQL 15 ×3 under Patroni, etcd and HAProxy on 127.0.0.1 (installing Debian's
// packages when missing) and prints the two URLs the servers need. `npm run cluster -- stop` stops it;
// `npm run cluster -- status` lists the members. CLUSTER_DIR (default ./.cluster) and CLUSTER_PORT (default
// 25400) choose the folder and the first port (docs/operations/cluster.md).
import { resolve } from 'node:path';
import { ensurePackages } from './packages';
import { PgCluster } from './pg-cluster';

async function main() {
  const command = process.argv[2] ?? 'start';
  const cluster = new PgCluster(resolve(process.env.CLUSTER_DIR ?? '.cluster'), Number(process.env.CLUSTER_PORT ?? 25400));
  if (command === 'stop') {
    await cluster.stop((line) => console.log(line));
    console.log('cluster stopped');
  } else if (command === 'status') {
    for (const m of await cluster.members()) console.log(`${m.name} ${m.role} ${m.state}${m.lag !== undefined ? ` lag ${m.lag}` : ''}`);
  } else if (command === 'start') {
    ensurePackages();
    await cluster.start((line) => console.log(line));
    console.log(`DATABASE_URL=${cluster.readWriteUrl}`);
    console.log(`DATABASE_READ_URL=${cluster.readOnlyUrl}`);
  } else {
    throw new Error(`unknown command ${command}: start (the default), stop or status`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
