import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@strongroom/server/db/embedded-postgres';

/**
 * Runs a ledger bench script (bench:ledger, bench:ledger-ab) on `BENCH_DATABASE_URL`, or on an embedded PostgreSQL of
 * its own in a temporary directory, stopped and removed however the script ends; a failure ends the process with 1.
 */
export function runOnBenchPostgres(prefix: string, script: (databaseUrl: string) => Promise<void>): void {
  const run = async () => {
    const tmp = mkdtempSync(join(tmpdir(), prefix));
    const pg = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres(tmp);
    try {
      await script(process.env.BENCH_DATABASE_URL ?? pg!.url);
    } finally {
      await pg?.stop();
      rmSync(tmp, { recursive: true, force: true });
    }
  };
  run().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
