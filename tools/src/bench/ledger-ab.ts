// npm run bench:ledger-ab: what a schema or function change does to one booking call, told apart from the machine's
// wander. Two copies of one database (A, and B with LEDGER_AB_SQL applied), one backend on each; calls of
// post_journals() alternate between them, so a machine that speeds up or slows down does so for both. Prints each
// round's time a call on A and on B and their ratio (B / A); with an empty LEDGER_AB_SQL it is an A/A run, which shows
// the instrument's own bias. LEDGER_AB_BEFORE_LAST=1 undoes the last migration on A: A is then the schema before it. The time is the call's wall time: one backend on a core, so nearly all of it is the
// backend's CPU. Prints figures; asserts nothing.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource, runMigrations } from '@strongroom/server/db/data-source';
import { callPostJournals, type BatchItem } from '@strongroom/server/modules/ledger/ledger.service';
import { randomPair, sameBankTransferItem } from './transfer-item';
import { seedFundedCustomers, type SeededCustomer } from './harness';
import { fig } from './steady-rate';
import { runOnBenchPostgres } from './bench-postgres';

const CHANGE_SQL = process.env.LEDGER_AB_SQL ?? '';
const BEFORE_LAST = process.env.LEDGER_AB_BEFORE_LAST === '1';
const CALLS = Number(process.env.LEDGER_AB_CALLS ?? 600);
const BATCH = Number(process.env.LEDGER_AB_SIZE ?? 16);
const ROUNDS = Number(process.env.LEDGER_AB_ROUNDS ?? 3);
/** Transfers booked before the copy, so that neither database starts with empty tables and indexes. */
const HISTORY = Number(process.env.LEDGER_AB_HISTORY ?? 32_000);

/** A batch of transfers between random pairs of seeded customers, half of them with a memo. */
const batchOf = (customers: SeededCustomer[]): BatchItem[] => Array.from({ length: BATCH }, () => sameBankTransferItem(...randomPair(customers), Math.random() < 0.5 ? 'rent' : undefined));

/** One call on `client`, after taking each sender's PIN attempt as the session check does (the booking starts them again). */
async function bookOne(client: Client, batch: BatchItem[]): Promise<number> {
  await client.query('UPDATE pin_attempts SET failed_count = 1 WHERE customer_id = ANY($1::uuid[])', [batch.map((item) => item.pinReset)]);
  const started = performance.now();
  const answer = await client.query({ name: 'book', text: 'SELECT post_journals($1::jsonb) AS r', values: [JSON.stringify(batch)] });
  const elapsedMs = performance.now() - started;
  // A refused transfer costs less than a booked one and would flatter its side. (Before 1760002300000 the answer was the array of results.)
  const { r } = answer.rows[0];
  const results: { status: string }[] = Array.isArray(r) ? r : r.results;
  if (results.some((result) => result.status !== 'ok')) throw new Error(`a transfer was refused: ${JSON.stringify(results)}`);
  return elapsedMs;
}

async function main(databaseUrl: string) {
  const baseUrl = new URL(databaseUrl);
  const urlOf = (database: string) => Object.assign(new URL(baseUrl.href), { pathname: `/${database}` }).href;
  const suffix = randomBytes(4).toString('hex');
  const [nameA, nameB] = [`ledger_ab_a_${suffix}`, `ledger_ab_b_${suffix}`];
  const admin = new Client({ connectionString: baseUrl.href });
  await admin.connect();
  const clients: Client[] = [];
  try {
    await admin.query(`CREATE DATABASE ${nameA}`);
    const ds = createDataSource(urlOf(nameA), { poolSize: 2 });
    await ds.initialize();
    await runMigrations(ds);
    const customers = await seedFundedCustomers(ds, randomBytes(32), 200);
    for (let booked = 0; booked < HISTORY; booked += BATCH) await callPostJournals(ds, batchOf(customers));
    await ds.query('VACUUM ANALYZE');
    await ds.destroy();
    await admin.query(`CREATE DATABASE ${nameB} TEMPLATE ${nameA}`);
    if (BEFORE_LAST) {
      const before = createDataSource(urlOf(nameA), { poolSize: 1 });
      await before.initialize();
      // A migration that builds an index CONCURRENTLY runs outside a transaction, and so must its undoing.
      await before.undoLastMigration({ transaction: before.migrations.at(-1)?.transaction === false ? 'none' : 'each' });
      await before.destroy();
    }
    for (const name of [nameA, nameB]) {
      const client = new Client({ connectionString: urlOf(name) });
      await client.connect();
      clients.push(client);
    }
    if (CHANGE_SQL) await clients[1].query(CHANGE_SQL);
    console.log(
      `post_journals() alternated between A and B (${BEFORE_LAST ? 'A: before the last migration; ' : ''}${CHANGE_SQL ? `B: ${CHANGE_SQL}` : BEFORE_LAST ? 'B: after it' : 'A/A: no change'}), ${CALLS} calls of ${BATCH} a round:`,
    );
    for (let warm = 0; warm < 40; warm++) await bookOne(clients[warm % 2], batchOf(customers));
    for (let round = 1; round <= ROUNDS; round++) {
      const totalMs = [0, 0];
      for (let call = 0; call < CALLS; call++) totalMs[call % 2] += await bookOne(clients[call % 2], batchOf(customers));
      const [callA, callB] = totalMs.map((ms) => ms / (CALLS / 2));
      console.log(`  round ${round}: A ${fig(callA, 2)} ms a call, B ${fig(callB, 2)} ms a call, B / A ${fig(callB / callA, 3)}`);
    }
  } finally {
    for (const client of clients) await client.end();
    for (const name of [nameB, nameA]) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

runOnBenchPostgres('strongroom-ledger-ab-', main);
