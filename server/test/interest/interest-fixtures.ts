import type { FastifyInstance } from 'fastify';
import { addDays } from '../../src/common/business-date';
import { runBusinessDate } from '../../src/modules/interest';
import { openSecondAccount, type HeldAccount } from '../transactions/held-accounts';
import { approvedCustomer } from '../helpers/test-app';

/**
 * Interest-bearing accounts for the end-of-day tests, and the days they live through. The end of day reads an
 * account's balance at the end of a day as its balance now less what was posted since the day ended, so a test
 * runs business dates from today on (none of them has ended yet) and changes a balance between two of them.
 */
export const ZONE = 'UTC';

export async function savingsAccount(app: FastifyInstance): Promise<HeldAccount & { customerId: string }> {
  const customer = await approvedCustomer(app);
  const account = await openSecondAccount(app, customer.id);
  return { ...account, customerId: customer.id };
}

/** Money in or out of an account, as the bank's equity: a balanced journal through the ledger's one function. */
export async function moveMoney(app: FastifyInstance, account: HeldAccount, amountMinor: bigint): Promise<void> {
  await app.db.query(`INSERT INTO ledger_accounts (code, kind, currency) VALUES ('equity:' || $1, 'internal', $1) ON CONFLICT (code) DO NOTHING`, [account.currency]);
  await app.db.query(
    `SELECT post_journal('adjustment', 'T' || replace(uuid_v7()::text, '-', ''), 'test money', '{}'::jsonb,
       ARRAY[(SELECT id FROM ledger_accounts WHERE code = 'equity:' || $3), $1::bigint], ARRAY[-($2::bigint), $2::bigint], ARRAY[$3, $3])`,
    [account.ledgerAccountId, amountMinor.toString(), account.currency],
  );
}

/** Interest rates from `from` on: a schedule of tiers (from minor unit, percent) for a product and term. */
export async function setRates(app: FastifyInstance, product: 'savings' | 'fixed_deposit', from: string, tiers: [number, string][], termMonths = 0): Promise<void> {
  const [{ id }] = await app.db.query(`INSERT INTO rate_changes (product, term_months, effective_from, reason) VALUES ($1, $2, $3::date, 'test rates') RETURNING id`, [product, termMonths, from]);
  for (const [fromMinor, rate] of tiers) await app.db.query(`INSERT INTO rate_tiers (change_id, from_minor, rate_percent) VALUES ($1, $2, $3)`, [id, fromMinor, rate]);
}

export async function setDayCount(app: FastifyInstance, product: string, dayCount: 'actual/365' | 'actual/360'): Promise<void> {
  await app.db.query(`UPDATE deposit_products SET day_count = $2 WHERE code = $1`, [product, dayCount]);
}

/** Every business date from `first` to `last`, in order, as the end of day runs them. */
export async function runDays(app: FastifyInstance, first: string, last: string): Promise<void> {
  for (let day = first; day <= last; day = addDays(day, 1)) {
    await runBusinessDate(app.db, { businessDate: day, zone: ZONE, chunk: 500 });
  }
}

export interface Accrual {
  accruedMinor: string;
  accruedThrough: string;
}

export async function accrualOf(app: FastifyInstance, accountId: string): Promise<Accrual> {
  const [row] = await app.db.query(`SELECT accrued_minor::text AS "accruedMinor", accrued_through::text AS "accruedThrough" FROM interest_accruals WHERE account_id = $1`, [accountId]);
  return row;
}

/** The interest paid to the account: each posting's amount in minor units, oldest first, with its description. */
export async function interestPaid(app: FastifyInstance, account: HeldAccount): Promise<{ amountMinor: string; description: string }[]> {
  return app.db.query(`SELECT amount_minor::text AS "amountMinor", description FROM transactions WHERE account_id = $1 AND kind = 'interest' ORDER BY created_at, id`, [account.ledgerAccountId]);
}

/**
 * `count` customers with a savings account each, made in a few statements (the accounts module opens a primary
 * account with each customer's ledger account), numbered from `firstNumber` so two databases hold the same accounts
 * by number; each is paid `balanceOf(g)` minor units (g from 1) from the bank's equity in one journal.
 */
export async function savingsPopulation(app: FastifyInstance, count: number, balanceOf: (g: number) => number, firstNumber = 8_200_000_000): Promise<void> {
  const balances = Array.from({ length: count }, (_, i) => String(balanceOf(i + 1)));
  await app.db.query(
    `WITH c AS (
       INSERT INTO customers (account_number, first_name, last_name, email, phone, dob, address, city, state, zipcode, country, occupation, income_range, account_type, currency, password_hash, pin_hash, status, notification_preferences)
       SELECT ($1::bigint + g)::text, 'Saver', 'Customer' || g, 'saver' || ($1::bigint + g) || '@example.com', '+1 555 0100', '1980-01-01', '1 Saver Street',
              'Testville', 'CA', '90000', 'US', 'Business / Sales', 'Below $10,000', 'savings', 'USD', 'none', 'none', 'approved', '{}'::jsonb
         FROM generate_series(1, $2::int) g
       RETURNING id)
     INSERT INTO ledger_accounts (customer_id, kind, currency) SELECT id, 'customer', 'USD' FROM c`,
    [firstNumber, count],
  );
  await app.db.query(`INSERT INTO ledger_accounts (code, kind, currency) VALUES ('equity:USD', 'internal', 'USD') ON CONFLICT (code) DO NOTHING`);
  await app.db.query(
    `SELECT post_journal('adjustment', 'T' || replace(uuid_v7()::text, '-', ''), 'opening balance', '{}'::jsonb,
       ARRAY[(SELECT id FROM ledger_accounts WHERE code = 'equity:USD'), a.ledger_account_id], ARRAY[-b.amount, b.amount], ARRAY['USD', 'USD'])
       FROM unnest($2::bigint[]) WITH ORDINALITY b(amount, g) JOIN accounts a ON a.number = ($1::bigint + b.g)::text`,
    [firstNumber, balances],
  );
}

/** Each account of a population by number: its accrual, what it was paid, and its balance (to compare two databases). */
export async function populationState(app: FastifyInstance, firstNumber = 8_200_000_000): Promise<Record<string, unknown>[]> {
  return app.db.query(
    `SELECT a.number, s.accrued_minor::text AS accrued, s.accrued_through::text AS through, s.posted_through::text AS posted_through, l.balance_minor::text AS balance,
            (SELECT coalesce(sum(t.amount_minor), 0)::text FROM transactions t WHERE t.customer_id = a.customer_id AND t.account_id = l.id AND t.kind = 'interest') AS interest
       FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id LEFT JOIN interest_accruals s ON s.account_id = a.id
      WHERE a.number::bigint > $1 ORDER BY a.number`,
    [firstNumber],
  );
}

/** The bank's interest books, the ledger's interest accounts and the runs' tallies: what a run changes as a whole. */
export async function interestLedgerState(app: FastifyInstance): Promise<Record<string, unknown>> {
  const [books] = await app.db.query(`SELECT coalesce(sum(accrued_minor), 0)::text AS accrued, coalesce(sum(booked_minor), 0)::text AS booked FROM interest_books`);
  const internal = await app.db.query(`SELECT code, balance_minor::text AS balance FROM ledger_accounts WHERE code LIKE 'interest_%' ORDER BY code`);
  const [journals] = await app.db.query(`SELECT count(*)::int AS journals, (SELECT count(*)::int FROM postings) AS postings, (SELECT count(*)::int FROM transactions) AS transactions FROM journals`);
  const runs = await app.db.query(
    `SELECT business_date::text AS date, status, accounts_accrued, accounts_posted, (SELECT json_agg(json_build_object('currency', t.currency, 'accrued', t.accrued_minor::text, 'posted', t.posted_minor::text))
       FROM end_of_day_totals t WHERE t.business_date = r.business_date) AS totals FROM end_of_day_runs r ORDER BY business_date`,
  );
  return { books, internal, journals, runs };
}
