// npm run bench's end of day (end-of-day.ts): a bank's size of interest-bearing accounts, made set-wise in a few
// statements a chunk, funded through the ledger so that each balance is the sum of its postings.
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@strongroom/server/modules/user/entities/customer.entity';
import { hashSecret } from '@strongroom/server/common/crypto';
import { withTransaction } from '@strongroom/server/db/transaction';
import { internalAccountId } from '@strongroom/server/modules/ledger/ledger.service';

/** The savers' sign-in numbers start here, clear of the funded customers' (5,000,000,000 on) and the population's (7,000,000,000 on). */
export const SAVERS_FIRST_ACCOUNT_NUMBER = 8_000_000_000;
/** Their further savings accounts' numbers start here. */
export const SAVERS_FIRST_SECONDARY_NUMBER = 8_500_000_000;
/** Savings accounts a saver holds: their primary one and four more. */
export const ACCOUNTS_PER_SAVER = 5;
/**
 * Balances run from 0.01 to 30,000.00, spread by the ledger account's id: the savings tiers split at 10,000.00
 * (the migration's rates), so a third of the accounts earn one rate and the rest two.
 */
export const HIGHEST_BALANCE_MINOR = 3_000_000;

const CHUNK_SAVERS = 20_000;

/** Approved savers who never sign in: a customer whose account type is 'savings' opens a savings primary account. */
const SAVERS_SQL = `
  WITH c AS (
    INSERT INTO customers (account_number, first_name, last_name, email, phone, dob, address, city, state, zipcode, country, occupation, income_range, account_type, currency, password_hash, pin_hash, status, notification_preferences)
    SELECT ($1::bigint + g)::text, 'Saving', 'Customer' || g, 'saving' || ($1::bigint + g) || '@example.com', '+1 555 0100', '1980-01-01', '1 Quiet Street',
           'Testville', 'CA', '90000', 'US', 'Business / Sales', 'Below $10,000', 'savings', 'USD', $5, 'none', 'approved', $4::jsonb
      FROM generate_series($2::int, $3::int) g
    RETURNING id)
  INSERT INTO ledger_accounts (customer_id, kind, currency) SELECT id, 'customer', 'USD' FROM c`;

/** Savers $2..$3 (of the numbers from $1): the further savings accounts that make the total $5, up to $4 each. */
const FURTHER_SQL = `
  WITH owners AS (
    SELECT c.id, c.account_number::bigint - $1::bigint AS g FROM customers c
     WHERE c.account_number BETWEEN ($1::bigint + $2::int)::text AND ($1::bigint + $3::int)::text
  ),
  ledgers AS (
    INSERT INTO ledger_accounts (customer_id, kind, currency, secondary_account)
    SELECT o.id, 'customer', 'USD', true FROM owners o, generate_series(1, $4::int - 1) k WHERE o.g * $4::int + k < $5::bigint
    RETURNING id, customer_id
  )
  INSERT INTO accounts (number, customer_id, ledger_account_id, is_primary, product, currency, name, status, opened_at)
  SELECT ($6::bigint + o.g * $4::int + row_number() OVER (PARTITION BY l.customer_id ORDER BY l.id))::text, l.customer_id, l.id, false, 'savings', 'USD',
         'Savings account', 'active', now()
    FROM ledgers l JOIN owners o ON o.id = l.customer_id`;

/** One balanced journal a chunk: equity pays every account of savers $2..$3 its balance. */
const FUND_SQL = `
  WITH owned AS (
    SELECT a.ledger_account_id AS id, (a.ledger_account_id * 7919) % $4::bigint + 1 AS amount_minor
      FROM customers c JOIN accounts a ON a.customer_id = c.id
     WHERE c.account_number BETWEEN ($1::bigint + $2::int)::text AND ($1::bigint + $3::int)::text
  ),
  j AS (INSERT INTO journals (reference, kind, description) VALUES ($5, 'opening', 'bench savings funding') RETURNING id)
  INSERT INTO postings (journal_id, account_id, amount_minor, currency)
  SELECT j.id, o.id, o.amount_minor, 'USD' FROM j, owned o
  UNION ALL
  SELECT j.id, $6::bigint, -(SELECT sum(o.amount_minor) FROM owned o), 'USD' FROM j`;

/**
 * Seeds savers holding savings accounts up to `accounts` in all, from the `fromAccount`th on (a multiple of
 * ACCOUNTS_PER_SAVER: the accounts of an earlier call are not made again), ACCOUNTS_PER_SAVER each (the last saver
 * fewer), each account funded from equity, a chunk of savers a transaction. Returns the accounts made and the seconds
 * it took.
 */
export async function seedSavers(
  ds: DataSource,
  accounts: number,
  { fromAccount = 0, chunkSavers = CHUNK_SAVERS }: { fromAccount?: number; chunkSavers?: number } = {},
): Promise<{ accounts: number; seconds: number }> {
  if (accounts <= fromAccount) return { accounts: 0, seconds: 0 };
  if (fromAccount % ACCOUNTS_PER_SAVER !== 0) throw new Error(`savers' accounts start at a multiple of ${ACCOUNTS_PER_SAVER}`);
  const started = Date.now();
  const savers = Math.ceil(accounts / ACCOUNTS_PER_SAVER);
  const passwordHash = await hashSecret(randomBytes(24).toString('base64'));
  const preferences = JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES);
  const runTag = randomBytes(4).toString('hex');
  for (let first = fromAccount / ACCOUNTS_PER_SAVER; first < savers; first += chunkSavers) {
    const last = Math.min(savers, first + chunkSavers) - 1;
    await withTransaction(ds, async (m) => {
      await m.query(SAVERS_SQL, [SAVERS_FIRST_ACCOUNT_NUMBER, first, last, preferences, passwordHash]);
      await m.query(FURTHER_SQL, [SAVERS_FIRST_ACCOUNT_NUMBER, first, last, ACCOUNTS_PER_SAVER, accounts, SAVERS_FIRST_SECONDARY_NUMBER]);
      const equity = await internalAccountId(m, 'equity', 'USD');
      await m.query(FUND_SQL, [SAVERS_FIRST_ACCOUNT_NUMBER, first, last, HIGHEST_BALANCE_MINOR, `SAVERS${runTag}${first}`, equity]);
    });
  }
  // What autovacuum would have done by now to tables this size: statistics, hint bits and the visibility map.
  await ds.query('VACUUM (ANALYZE) customers, ledger_accounts, accounts, journals, postings');
  return { accounts: accounts - fromAccount, seconds: (Date.now() - started) / 1000 };
}
