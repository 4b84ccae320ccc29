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
