import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { poolOf } from '../common/sql';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { EvictOnFatalClient } from './availability';

/**
 * The pool keeps every connection it has opened (`min` = `max`, docs/performance.md#pool-keeps-its-connections): by default it closed one idle for
 * 10 s and opened another at the next burst, whose backend then started cold (its catalog caches, the ledger's plpgsql
 * compiled and its statements planned again) under the very load that needed it. Connections are still opened only
 * when first needed. `idleTimeoutMs` (node-postgres' own default, 10 s) only closes connections beyond that, of which
 * there are none; a test sets it short to see that.
 *
 * Every connection runs with PostgreSQL's JIT compiler off (docs/performance.md#staff-list-at-scale): it compiles a statement whose
 * estimated cost passes `jit_above_cost`, and a list's statement over a table of millions is estimated so although it
 * reads a few rows. Compiling one took 0.5 s, to run it in 5 ms.
 */
export function createDataSource(url: string, opts: { poolSize?: number; idleTimeoutMs?: number } = {}): DataSource {
  const poolSize = opts.poolSize ?? 20;
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: poolSize, min: poolSize, idleTimeoutMillis: opts.idleTimeoutMs ?? 10_000, connectionTimeoutMillis: 10_000, options: '-c jit=off', Client: EvictOnFatalClient },
  });
}

/** Our schema, then the job queue's own (graphile-worker keeps its tables in the graphile_worker schema). */
export async function runMigrations(ds: DataSource): Promise<void> {
  await ds.runMigrations({ transaction: 'each' });
  const pgPool = poolOf(ds);
  await runJobQueueMigrations({ pgPool, logger: new Logger(() => () => undefined), noHandleSignals: true });
}

/**
 * Ends the pool once no query has run for `quietMs`, or after `drainTimeoutMs`. The HTTP server closes when its
 * connections do, but a request whose client went away keeps running: ending the pool under it failed it half-way
 * ('Cannot use a pool after calling end on the pool'). A handler's queries follow each other within a tick, so a
 * quiet pool means the handlers are done. It returns once every connection's socket has closed (or after
 * `socketsTimeoutMs`), so that the database can be stopped next without cutting off a backend of ours.
 */
export async function closeDataSource(ds: DataSource, { drainTimeoutMs = 10_000, quietMs = 100, socketsTimeoutMs = 2_000 } = {}): Promise<void> {
  if (!ds.isInitialized) return;
  const pool = poolOf(ds);
  const deadline = Date.now() + drainTimeoutMs;
  let quietSince = Date.now();
  // The pool is looked at before the quiet time is judged: after a stall of this process (a loaded machine can hold it
  // longer than quietMs between two looks) a query still in flight must count, not the time that merely passed.
  while (Date.now() < deadline) {
    if (pool.totalCount > pool.idleCount || pool.waitingCount > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!ds.isInitialized) return;
  // pg-pool's end() answers once it has asked each connection to close, not once they have: a PostgreSQL stopped
  // straight after (the embedded one, docs/decisions/0038) could still find a backend of ours and end it with an
  // error that its client, still listening, logged. 'remove' comes as each connection's socket has closed.
  const open = pool.totalCount;
  let closed = 0;
  let onRemove = () => {};
  const allClosed = new Promise<void>((resolve) => {
    onRemove = () => {
      closed += 1;
      if (closed >= open) resolve();
    };
    if (open === 0) resolve();
  });
  pool.on('remove', onRemove);
  let timer: NodeJS.Timeout | undefined;
  try {
    await ds.destroy();
    await Promise.race([allClosed, new Promise<void>((resolve) => (timer = setTimeout(resolve, socketsTimeoutMs)))]);
  } finally {
    clearTimeout(timer);
    pool.off('remove', onRemove);
  }
}
