import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@strongroom/server/modules/user/entities/customer.entity';
import { hashSecret } from '@strongroom/server/common/crypto';
import { withTransaction } from '@strongroom/server/db/transaction';

/** The population's account numbers start here, clear of the funded customers' (harness: 5,000,000,000 on). */
export const POPULATION_FIRST_ACCOUNT_NUMBER = 7_000_000_000;

const CHUNK_CUSTOMERS = 50_000;

/**
 * One statement a chunk: approved customers who never sign in, each with an empty USD account (a zero balance needs no
 * journal: it is the sum of no postings). Their password is a random one nobody keeps, hashed once for all of them;
 * their PIN hash is no hash, which no PIN matches.
 */
const CHUNK_SQL = `
  WITH c AS (
    INSERT INTO customers (account_number, first_name, last_name, email, phone, dob, address, city, state, zipcode, country, occupation, income_range, account_type, currency, password_hash, pin_hash, status, notification_preferences)
    SELECT ($1::bigint + g)::text, 'Resting', 'Customer' || g, 'resting' || ($1::bigint + g) || '@example.com', '+1 555 0100', '1980-01-01', '1 Quiet Street',
           'Testville', 'CA', '90000', 'US', 'Business / Sales', 'Below $10,000', 'checking', 'USD', $5, 'none', 'approved', $4::jsonb
      FROM generate_series($2::int, $3::int) g
    RETURNING id)
  INSERT INTO ledger_accounts (customer_id, kind, currency) SELECT id, 'customer', 'USD' FROM c`;

/**
 * Seeds `count` customers beside the bench's funded ones, so that the bench measures a bank of a bank's size: a
 * statement that reads every customer or account (a scan where an index lookup was meant) costs what it would cost in
 * production, not what it costs among 200 rows. With 200 customers, every same-bank payment had read the whole
 * customers table to find its recipient, unnoticed. Returns the seconds it took.
 */
export async function seedPopulation(ds: DataSource, count: number, chunkCustomers = CHUNK_CUSTOMERS): Promise<number> {
  if (count <= 0) return 0;
  const started = Date.now();
  const passwordHash = await hashSecret(randomBytes(24).toString('base64'));
  for (let first = 0; first < count; first += chunkCustomers) {
    const last = Math.min(count, first + chunkCustomers) - 1;
    await withTransaction(ds, (m) => m.query(CHUNK_SQL, [POPULATION_FIRST_ACCOUNT_NUMBER, first, last, JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES), passwordHash]));
  }
  // What autovacuum would have done by now to tables this size.
  await ds.query('VACUUM (ANALYZE) customers, ledger_accounts');
  return (Date.now() - started) / 1000;
}
