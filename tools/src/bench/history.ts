// The bench's database with a bank's history in it (npm run bench): same-bank transfers booked in bulk before the
// measured runs, through the real tables, indexes and ledger triggers.
import type { DataSource } from 'typeorm';
import { withTransaction } from '@strongroom/server/db/transaction';
import type { SeededCustomer } from './harness';
import { customerKeyScope } from '@strongroom/server/plugins/idempotency.plugin';

/** Transfers booked per transaction: the per-journal balance checks all run at its commit. */
const CHUNK_TRANSFERS = 50_000;

/**
 * One chunk of history: for transfer n, from customer n mod N to another that changes with n (never the sender), a
 * few dollars, with its journal, both postings (the postings' trigger moves the balances), both customer-visible rows
 * (one a minute, up to now) and the sender's Idempotency-Key, in the scope the server gives the sender's keys
 * (customerKeyScope): the live transfers' keys then land among the history's in the key index, as a long-running bank's
 * do, and pay for it (a leaf page first changed after a checkpoint is written whole to the WAL). Each account sends as
 * often as it receives, so balances wander by at most a few thousand dollars around their funding.
 */
const CHUNK_SQL = `
  WITH g AS MATERIALIZED (
         SELECT n, 1 + n % $3::int AS f, 1 + (n + 1 + (n / $3::int) % ($3::int - 1)) % $3::int AS t, 100 + n % 5000 AS amount,
                'HS' || lpad(n::text, 11, '0') AS reference, now() - make_interval(mins => ($7::bigint - n)::int) AS at
           FROM generate_series($4::bigint, $5::bigint) n),
       j AS (INSERT INTO journals (reference, kind, description, metadata)
             SELECT g.reference, 'transfer_same', 'Transfer to ' || ($2::text[])[g.t], '{}'::jsonb FROM g
             RETURNING id, reference),
       p AS (INSERT INTO postings (journal_id, account_id, amount_minor, currency)
             SELECT j.id, leg.account, leg.amount, 'USD'
               FROM g JOIN j USING (reference),
                    LATERAL (VALUES (($1::bigint[])[g.f], -g.amount), (($1::bigint[])[g.t], g.amount)) leg(account, amount)),
       x AS (INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency,
                                       recipient, counterparty, channel, created_at)
             SELECT g.reference || side.suffix, side.customer, side.account, side.type, 'transfer_same', 'success', side.description, 'Transfer',
                    g.amount, 'USD', 'Customer ' || side.other, side.other, 'Online banking', g.at
               FROM g, LATERAL (VALUES
                 ('', ($6::uuid[])[g.f], ($1::bigint[])[g.f], 'debit', 'Transfer to Customer ' || ($2::text[])[g.t], ($2::text[])[g.t]),
                 ('C', ($6::uuid[])[g.t], ($1::bigint[])[g.t], 'credit', 'Transfer from Customer ' || ($2::text[])[g.f], ($2::text[])[g.f])
               ) side(suffix, customer, account, type, description, other))
  INSERT INTO idempotency_keys (scope, key, request_hash, status, response_status, response_ref, created_at)
  SELECT ($8::text[])[g.f], gen_random_uuid()::text, repeat('0', 64), 'done', 201, g.reference, g.at FROM g`;

/**
 * Books `transfers` transfers among `customers` (at least two). A bank's tables hold years of history; the bench's
 * would otherwise start nearly empty and double during each run, so that autovacuum analyzed them every pass and its
 * work landed inside the measured runs (docs/performance.md#what-npm-run-bench-does). Returns the seconds it took.
 */
export async function seedHistory(ds: DataSource, customers: SeededCustomer[], transfers: number, chunkTransfers = CHUNK_TRANSFERS): Promise<number> {
  if (transfers <= 0) return 0;
  if (customers.length < 2) throw new Error('history needs at least two customers');
  const started = Date.now();
  const customerIds = customers.map((c) => c.id);
  const accountIds = customers.map((c) => c.accountId);
  const accountNumbers = customers.map((c) => c.accountNumber);
  const keyScopes = customers.map((c) => customerKeyScope(c.id));
  for (let first = 1; first <= transfers; first += chunkTransfers) {
    const last = Math.min(transfers, first + chunkTransfers - 1);
    await withTransaction(ds, (m) => m.query(CHUNK_SQL, [accountIds, accountNumbers, customers.length, first, last, customerIds, transfers, keyScopes]));
  }
  // What autovacuum would have done by now to tables this size: statistics and the visibility map.
  await ds.query('VACUUM (ANALYZE) journals, postings, transactions, idempotency_keys, ledger_accounts');
  return (Date.now() - started) / 1000;
}
