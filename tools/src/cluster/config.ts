// The cluster's configuration files: one Patroni file per node, HAProxy's, and etcd's command line. All of it on
// 127.0.0.1 ports derived from one base port, under one folder (docs/operations/cluster.md).
import { join } from 'node:path';

export const NODE_COUNT = 3;
export const SCOPE = 'strongroom';

/**
 * Patroni's timing (docs/decisions/0060-database-cluster.md): the leader lock lives `ttl` seconds (20 is Patroni's
 * minimum), each node looks every `loop_wait` seconds, and `loop_wait + 2 × retry_timeout <= ttl` must hold.
 */
export const PATRONI_TIMING = { ttl: 20, loopWaitS: 2, retryTimeoutS: 9 };

export interface ClusterLayout {
  dir: string;
  /** Where PostgreSQL 15's programs are (Debian: /usr/lib/postgresql/15/bin). */
  binDir: string;
  password: string;
  replicationPassword: string;
  ports: {
    readWrite: number;
    readOnly: number;
    etcdClient: number;
    etcdPeer: number;
    /** Per node: PostgreSQL's port and Patroni's REST API port. */
    nodes: { postgres: number; rest: number }[];
  };
}

/** Every port from one base: read-write base, read-only base+1, etcd base+2/+3, node n postgres base+10+n, REST base+20+n. */
export function portsFrom(base: number): ClusterLayout['ports'] {
  return {
    readWrite: base,
    readOnly: base + 1,
    etcdClient: base + 2,
    etcdPeer: base + 3,
    nodes: Array.from({ length: NODE_COUNT }, (_, n) => ({ postgres: base + 10 + n, rest: base + 20 + n })),
  };
}

export const nodeName = (n: number) => `node${n + 1}`;
export const nodeDir = (layout: ClusterLayout, n: number) => join(layout.dir, nodeName(n));

export function etcdArgs(layout: ClusterLayout): string[] {
  const client = `http://127.0.0.1:${layout.ports.etcdClient}`;
  const peer = `http://127.0.0.1:${layout.ports.etcdPeer}`;
  return [
    '--name=etcd1',
    `--data-dir=${join(layout.dir, 'etcd')}`,
    `--listen-client-urls=${client}`,
    `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`,
    `--initial-advertise-peer-urls=${peer}`,
    `--initial-cluster=etcd1=${peer}`,
    '--initial-cluster-state=new',
    '--log-level=warn',
    '--enable-v2=true',
  ];
}

/** YAML is a superset of JSON, so Patroni reads this JSON as its configuration file. */
export function patroniConfig(layout: ClusterLayout, n: number): string {
  const ports = layout.ports.nodes[n];
  const dir = nodeDir(layout, n);
  const config = {
    scope: SCOPE,
    name: nodeName(n),
    log: { level: 'WARNING', dir, file_num: 2 },
    restapi: { listen: `127.0.0.1:${ports.rest}`, connect_address: `127.0.0.1:${ports.rest}` },
    // etcd's v2 API: Patroni renews the leader key there by compare-and-swap on its own name, so a primary frozen past
    // the lock's ttl cannot take the key back from the standby promoted meanwhile (with 3.0's etcd3 client it could:
    // docs/decisions/0060-database-cluster.md).
    etcd: { hosts: [`127.0.0.1:${layout.ports.etcdClient}`] },
    bootstrap: {
      dcs: {
        ttl: PATRONI_TIMING.ttl,
        loop_wait: PATRONI_TIMING.loopWaitS,
        retry_timeout: PATRONI_TIMING.retryTimeoutS,
        maximum_lag_on_failover: 1_048_576,
        // A crashed primary fails over to its synchronous standby at once instead of being restarted in place
        // (Patroni 3.0 reads master_start_timeout; later versions primary_start_timeout).
        master_start_timeout: 0,
        primary_start_timeout: 0,
        // A commit is acknowledged only once a standby has it; only that standby may be promoted.
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            max_connections: 300,
            max_wal_senders: 10,
            max_replication_slots: 10,
            wal_log_hints: 'on',
            wal_keep_size: '256MB',
            hot_standby_feedback: 'on',
            jit: 'off',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${ports.postgres}`,
      connect_address: `127.0.0.1:${ports.postgres}`,
      data_dir: join(dir, 'data'),
      bin_dir: layout.binDir,
      // A former primary that pg_rewind cannot bring onto the new timeline is cloned again from the leader rather
      // than left stopped (seen after a primary frozen mid-checkpoint).
      remove_data_directory_on_rewind_failure: true,
      remove_data_directory_on_diverged_timelines: true,
      pgpass: join(dir, 'pgpass'),
      authentication: {
        superuser: { username: 'postgres', password: layout.password },
        replication: { username: 'replicator', password: layout.replicationPassword },
      },
      pg_hba: ['local all all trust', 'host replication replicator 127.0.0.1/32 scram-sha-256', 'host all all 127.0.0.1/32 scram-sha-256'],
      parameters: { unix_socket_directories: dir, shared_buffers: '128MB', password_encryption: 'scram-sha-256' },
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
  return JSON.stringify(config, null, 2);
}

/**
 * HAProxy routes by Patroni's health endpoints: the read-write port to the node whose /primary answers 200, the
 * read-only port to those whose /replica does. A node marked down has its sessions cut at once
 * (on-marked-down shutdown-sessions), so no server keeps talking to a former primary.
 */
export function haproxyConfig(layout: ClusterLayout): string {
  const servers = (check: string) =>
    layout.ports.nodes.map((p, n) => `  server ${nodeName(n)} 127.0.0.1:${p.postgres} maxconn 250 check port ${p.rest}`).join('\n') + `\n  option httpchk GET ${check}\n  http-check expect status 200`;
  return `global
  maxconn 2000
  pidfile ${join(layout.dir, 'haproxy.pid')}

defaults
  mode tcp
  timeout connect 2s
  timeout client 60m
  timeout server 60m
  timeout check 1s
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 1 on-marked-down shutdown-sessions

listen primary
  bind 127.0.0.1:${layout.ports.readWrite}
${servers('/primary')}

listen replicas
  bind 127.0.0.1:${layout.ports.readOnly}
  balance roundrobin
${servers('/replica')}
`;
}
