// npm run bench: the benchmark's PostgreSQL (embedded, or BENCH_DATABASE_URL) and what the bench reads off it between
// scenarios: WAL written, connections opened, where its time went (pg_stat_statements), and whether the ledger adds up.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '@strongroom/server/db/embedded-postgres';
import { rows } from '@strongroom/server/common/sql';
import { fig } from './steady-rate';
import { postmasterPidOf } from './yardstick';

export interface BenchDatabase {
  url: string;
  /** Undefined with BENCH_DATABASE_URL: a database the bench did not start, and whose CPU it cannot single out. */
  postmasterPid?: number;
  stop?: () => Promise<void>;
}

/**
 * BENCH_DATABASE_URL, or an embedded PostgreSQL in `tmp`. `pgStats` loads pg_stat_statements; `socket` (BENCH_PG_SOCKET)
 * has the server, the bench and pgbench reach it over a Unix socket instead of TCP on loopback.
 */
export async function startBenchDatabase(tmp: string, { pgStats, socket }: { pgStats: boolean; socket: boolean }): Promise<BenchDatabase> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL };
  const socketDir = socket ? join(tmp, 'sock') : undefined;
  if (socketDir) {
    mkdirSync(socketDir);
    chmodSync(socketDir, 0o777); // run as root, PostgreSQL runs as the postgres user
  }
  const pg = await startEmbeddedPostgres(tmp, {
    flags: [
      ...(pgStats ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all', '-c', 'pg_stat_statements.track_planning=on'] : []),
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
    ],
    log: (line) => {
      if (process.env.BENCH_PG_LOG) console.log('pg:', line);
    },
  });
  return { url: socketDir ? `${pg.url}?host=${encodeURIComponent(socketDir)}` : pg.url, postmasterPid: postmasterPidOf(join(tmp, 'pg')), stop: pg.stop };
}

/**
 * A checkpoint now. Each scenario starts just after one, as a long-running server is somewhere in its checkpoint cycle:
 * the WAL written so far becomes segments to reuse (see min_wal_size in embedded-postgres), and pages are logged whole
 * again on first change (the most WAL a transfer ever writes).
 */
export async function checkpoint(ds: DataSource): Promise<void> {
  try {
    await ds.query('CHECKPOINT');
  } catch {
    /* BENCH_DATABASE_URL without the right to checkpoint: its own cycle applies */
  }
}

/** WAL bytes written so far; with BENCH_DEBUG it also prints the WAL's records, full-page images, writes and syncs. */
export async function walBytes(ds: DataSource): Promise<bigint> {
  // wal_sync_time and wal_write_time are counted only with track_wal_io_timing on (e.g. through BENCH_SQL).
  const [wal] = await rows<{ bytes: string; records: string; images: string; writes: string; write_ms: string; syncs: string; sync_ms: string }>(
    ds.manager,
    `SELECT wal_bytes::text AS bytes, wal_records::text AS records, wal_fpi::text AS images, wal_write::text AS writes, wal_write_time::text AS write_ms,
            wal_sync::text AS syncs, wal_sync_time::text AS sync_ms FROM pg_stat_wal`,
  );
  if (process.env.BENCH_DEBUG)
    console.log(`  WAL so far: ${wal.records} records, ${wal.images} full-page images, ${wal.bytes} bytes; ${wal.writes} writes (${wal.write_ms} ms), ${wal.syncs} syncs (${wal.sync_ms} ms)`);
  return BigInt(wal.bytes);
}

/**
 * Connections opened to the database so far (pg_stat_database.sessions): a pool that opens new ones mid-run pays each
 * one's start (a backend, its caches, its plans) while the requests wait. Undefined on PostgreSQL before 14, which does
 * not count them (a BENCH_DATABASE_URL's server may be older than the embedded one).
 */
export async function sessionsOpened(ds: DataSource): Promise<number | undefined> {
  const [{ counted }] = await rows<{ counted: boolean }>(
    ds.manager,
    `SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'pg_catalog.pg_stat_database'::regclass AND attname = 'sessions') AS counted`,
  );
  if (!counted) return undefined;
  const [{ sessions }] = await rows<{ sessions: string | null }>(ds.manager, `SELECT sessions::text FROM pg_stat_database WHERE datname = current_database()`);
  return Number(sessions ?? 0);
}

/**
 * With BENCH_PG_STATS=1, `report` prints the statements that took most of the database's time since the last reset, per
 * call, and resets the counts. With `run` (a transfer run's length and transfers booked), also how much of it the ledger's one
 * booking connection spent executing post_journals() and how many transfers a call carried: the batches go one at a
 * time, so that share is how close the ledger is to its ceiling (the rest of each batch's round trip, parameters, commit
 * and the server's own turn, is not in it). Without the knob, nothing.
 */
export function pgStatsReporter(ds: DataSource, enabled: boolean): PgStats {
  const reset = async () => {
    if (enabled) await ds.query('SELECT pg_stat_statements_reset()');
  };
  const report = async (title: string, run?: { seconds: number; transfers: number }) => {
    if (!enabled) return;
    if (run) {
      const [booking] = await rows<{ calls: string; total_ms: string }>(
        ds.manager,
        `SELECT sum(calls)::text AS calls, sum(total_exec_time)::text AS total_ms FROM pg_stat_statements WHERE toplevel AND query LIKE 'SELECT post_journals(%'`,
      );
      if (Number(booking.calls) > 0)
        console.log(`  booking statement: executing ${fig((100 * Number(booking.total_ms)) / (run.seconds * 1000))}% of the run, ${fig(run.transfers / Number(booking.calls), 1)} transfers a call`);
    }
    const top = await rows<{ calls: string; mean_ms: string; max_ms: string; total_ms: string; plans: string; plan_ms: string; query: string }>(
      ds.manager,
      `SELECT calls::text, round(mean_exec_time::numeric, 3)::text AS mean_ms, round(max_exec_time::numeric, 1)::text AS max_ms, round(total_exec_time::numeric)::text AS total_ms,
              plans::text, round(total_plan_time::numeric)::text AS plan_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
         FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT ${Number(process.env.BENCH_PG_STATS_TOP ?? 16)}`,
    );
    console.log(`  database time during ${title}:`);
    for (const statement of top)
      console.log(
        `    ${statement.total_ms.padStart(6)} ms  ${statement.calls.padStart(7)} calls  ${statement.mean_ms.padStart(7)} ms/call  max ${statement.max_ms.padStart(6)} ms  planned ${statement.plans.padStart(6)} times (${statement.plan_ms} ms)  ${statement.query}`,
      );
    await reset();
  };
  return { report, reset };
}

/** pg_stat_statements' report and reset (BENCH_PG_STATS); both do nothing without it. */
export interface PgStats {
  report(title: string, run?: { seconds: number; transfers: number }): Promise<void>;
  reset(): Promise<void>;
}

/** Prints whether the ledger still adds up after the load: every balance its postings' sum, all balances summing to 0. */
export async function printLedgerCheck(ds: DataSource): Promise<void> {
  const [{ drift }] = await rows<{ drift: string }>(
    ds.manager,
    `SELECT count(*) AS drift FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) s FROM postings GROUP BY account_id) p ON p.account_id = a.id WHERE a.balance_minor <> coalesce(p.s,0)`,
  );
  const [{ total }] = await rows<{ total: string }>(ds.manager, `SELECT sum(balance_minor)::text AS total FROM ledger_accounts`);
  console.log(`Ledger check after load: accounts drifting from their postings: ${drift}; sum of all balances: ${total} (must be 0)`);
}
