// npm run bench:ledger-ab: what a schema or function change does to one booking call, told apart from the machine's
// wander. Two copies of one database (A, and B with LEDGER_AB_SQL applied), one backend on each; calls of
// post_journals() alternate between them, so a machine that speeds up or slows down does so for both. Prints each
// round's time a call on A and on B and their ratio (B / A); with an empty LEDGER_AB_SQL it is an A/A run, which shows
// the instrument's own bias. LEDGER_AB_BEFORE_LAST=1 undoes the last migration on A: A is then the schema before it. The time is the call's wall time: one backend on a core, so nearly all of it is the
// backend's CPU. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource, runMigrations } from '../db/data-source';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { callPostJournals, newReference, toBatchItem, type BatchItem } from '../modules/ledger/ledger.service';
import { sameBankJournal } from '../modules/transfers/same-bank.service';
import { seedFundedCustomers, type SeededCustomer } from './harness';
import { fig } from './steady-rate';

const CHANGE_SQL = process.env.LEDGER_AB_SQL ?? '';
const BEFORE_LAST = process.env.LEDGER_AB_BEFORE_LAST === '1';
const CALLS = Number(process.env.LEDGER_AB_CALLS ?? 600);
const BATCH = Number(process.env.LEDGER_AB_SIZE ?? 16);
const ROUNDS = Number(process.env.LEDGER_AB_ROUNDS ?? 3);
/** Transfers booked before the copy, so that neither database starts with empty tables and indexes. */
const HISTORY = Number(process.env.LEDGER_AB_HISTORY ?? 32_000);

/** A same-bank transfer of 1.25 between two different seeded customers, built as SameBankService books it. */
function transferItem(customers: SeededCustomer[]): BatchItem {
  const fromIndex = Math.floor(Math.random() * customers.length);
  const from = customers[fromIndex];
  const to = customers[(fromIndex + 1 + Math.floor(Math.random() * (customers.length - 1))) % customers.length];
  const { journal, options } = sameBankJournal({
    parties: {
      first_name: 'Bench',
      last_name: 'Customer',
      r_first_name: 'Bench',
      r_last_name: 'Customer',
      id: from.id,
      account_number: from.accountNumber,
      currency: 'USD',
      account_id: from.accountId,
      r_currency: 'USD',
    },
    recipient: { id: to.id, accountId: to.accountId },
    reference: newReference(),
    recipientAccountNumber: to.accountNumber,
    amountMinor: 125n,
    // Same currency: the recipient's credit is the only leg (transfer-quote.ts, deliveryLegs).
    legs: { postings: [{ accountId: to.accountId, amountMinor: 125n, currency: 'USD' }], creditMinor: 125n, rate: '1' },
    memo: Math.random() < 0.5 ? 'rent' : undefined,
    ip: '127.0.0.1',
    limitMinor: 10n ** 12n,
    claim: { scope: `transfer:${from.id}`, key: randomUUID(), hash: '0'.repeat(64) },
  });
  return toBatchItem(journal, options);
}

/** One call on `client`, after taking each sender's PIN attempt as the session check does (the booking starts them again). */
async function bookOne(client: Client, batch: BatchItem[]): Promise<number> {
  await client.query('UPDATE pin_attempts SET failed_count = 1 WHERE customer_id = ANY($1::uuid[])', [batch.map((item) => item.pinReset)]);
  const started = performance.now();
  await client.query({ name: 'book', text: 'SELECT post_journals($1::jsonb) AS r', values: [JSON.stringify(batch)] });
  return performance.now() - started;
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'strongroom-ledger-ab-'));
  const pg = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres(tmp);
  const baseUrl = new URL(process.env.BENCH_DATABASE_URL ?? pg!.url);
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
    for (let booked = 0; booked < HISTORY; booked += BATCH)
      await callPostJournals(
        ds,
        Array.from({ length: BATCH }, () => transferItem(customers)),
      );
    await ds.query('VACUUM ANALYZE');
    await ds.destroy();
    await admin.query(`CREATE DATABASE ${nameB} TEMPLATE ${nameA}`);
    if (BEFORE_LAST) {
      const before = createDataSource(urlOf(nameA), { poolSize: 1 });
      await before.initialize();
      await before.undoLastMigration({ transaction: 'each' });
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
    for (let warm = 0; warm < 40; warm++)
      await bookOne(
        clients[warm % 2],
        Array.from({ length: BATCH }, () => transferItem(customers)),
      );
    for (let round = 1; round <= ROUNDS; round++) {
      const totalMs = [0, 0];
      for (let call = 0; call < CALLS; call++)
        totalMs[call % 2] += await bookOne(
          clients[call % 2],
          Array.from({ length: BATCH }, () => transferItem(customers)),
        );
      const [callA, callB] = totalMs.map((ms) => ms / (CALLS / 2));
      console.log(`  round ${round}: A ${fig(callA, 2)} ms a call, B ${fig(callB, 2)} ms a call, B / A ${fig(callB / callA, 3)}`);
    }
  } finally {
    for (const client of clients) await client.end();
    for (const name of [nameB, nameA]) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
    await pg?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
