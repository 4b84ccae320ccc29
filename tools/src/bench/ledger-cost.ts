// npm run bench:ledger: what one post_journals() call costs its database backend, by batch size, with nothing else
// running: a batch's fixed cost and each transfer's, the two figures that decide a transfer's CPU at a given load (the
// ledger's batches hold ~11 transfers at the bench's peak and ~2-3 at half of it). One backend's CPU on an idle
// machine wanders far less than the whole bench's figures. Prints figures; asserts nothing.
import { randomBytes } from 'node:crypto';
import { createDataSource, runMigrations } from '@strongroom/server/db/data-source';
import { poolOf } from '@strongroom/server/common/sql';
import { callPostJournals } from '@strongroom/server/modules/ledger/ledger.service';
import { seedFundedCustomers } from './harness';
import { randomPair, sameBankTransferItem } from './transfer-item';
import { procCpuS } from './yardstick';
import { fig } from './steady-rate';
import { runOnBenchPostgres } from './bench-postgres';

const SIZES = (process.env.LEDGER_COST_SIZES ?? '1,2,4,8,16').split(',').map(Number);
const TRANSFERS_PER_SIZE = Number(process.env.LEDGER_COST_TRANSFERS ?? 2000);

async function main(databaseUrl: string) {
  const ds = createDataSource(databaseUrl, { poolSize: 2 });
  try {
    await ds.initialize();
    await runMigrations(ds);
    const customers = await seedFundedCustomers(ds, randomBytes(32), 200, { firstAccountNumber: 6_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000 });
    const batchOf = (size: number) => Array.from({ length: size }, () => sameBankTransferItem(...randomPair(customers)));

    const connection = await poolOf(ds).connect();
    try {
      const [{ pid }] = (await connection.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      for (let warm = 0; warm < 200; warm++) await callPostJournals(connection, batchOf(1));
      console.log(`post_journals() on one backend, ${TRANSFERS_PER_SIZE} transfers per batch size (same-bank, 1.25 each):`);
      for (const size of SIZES) {
        const calls = Math.max(1, Math.round(TRANSFERS_PER_SIZE / size));
        const cpuBefore = procCpuS(pid)!.s;
        const started = performance.now();
        for (let call = 0; call < calls; call++) {
          const results = await callPostJournals(connection, batchOf(size));
          if (results.some((result) => result.status !== 'ok')) throw new Error(`a transfer was refused: ${JSON.stringify(results)}`);
        }
        const wallMs = (performance.now() - started) / calls;
        const cpuMs = ((procCpuS(pid)!.s - cpuBefore) * 1000) / calls;
        console.log(`  batch of ${String(size).padStart(2)}: ${fig(wallMs, 2)} ms a call (wall), backend CPU ${fig(cpuMs, 2)} ms a call, ${fig(cpuMs / size, 3)} ms a transfer`);
      }
    } finally {
      connection.release();
    }
  } finally {
    await ds.destroy();
  }
}

runOnBenchPostgres('strongroom-ledger-cost-', main);
