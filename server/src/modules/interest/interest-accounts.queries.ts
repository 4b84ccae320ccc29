import { rows, type Queryable } from '../../common/sql';

/** A rate as staff read it: at least two decimals, no trailing zeros past them ('1.50', '1.825'). */
const rateText = (column: string) => `to_char(${column}, 'FM990.00999')`;

/** An account, its product and its accrual (if it has one), as the console's interest view reads them. */
export interface AccountAccrualRow {
  id: string;
  number: string;
  customer_id: string;
  ledger_account_id: string;
  product: string;
  currency: string;
  status: string;
  interest_bearing: boolean;
  day_count: string;
  accrued_minor: string | null;
  accrued_through: string | null;
  posted_through: string | null;
  rate_low: string | null;
  rate_high: string | null;
  locked_rate: string | null;
}

export async function accountAccrual(db: Queryable, accountId: string): Promise<AccountAccrualRow | undefined> {
  const [row] = await rows<AccountAccrualRow>(
    db,
    `SELECT a.id, a.number, a.customer_id, a.ledger_account_id::text AS ledger_account_id, a.product, a.currency, a.status, p.interest_bearing, p.day_count,
            s.accrued_minor::text AS accrued_minor, s.accrued_through::text AS accrued_through, s.posted_through::text AS posted_through,
            ${rateText('s.rate_low')} AS rate_low, ${rateText('s.rate_high')} AS rate_high, ${rateText('d.rate_percent')} AS locked_rate
       FROM accounts a
       JOIN deposit_products p ON p.code = a.product
       LEFT JOIN interest_accruals s ON s.account_id = a.id
       LEFT JOIN term_deposits d ON d.account_id = a.id AND d.status = 'active'
      WHERE a.id = $1`,
    [accountId],
  );
  return row;
}

/** One tier of the product's schedule in force on a date (rates_in_force, server/src/db/sql/interest.sql). */
export interface TierRow {
  from_minor: string;
  to_minor: string | null;
  rate_percent: string;
}

export function tiersOn(db: Queryable, product: string, date: string): Promise<TierRow[]> {
  return rows<TierRow>(
    db,
    `SELECT from_minor::text AS from_minor, to_minor::text AS to_minor, ${rateText('rate_percent')} AS rate_percent
       FROM rates_in_force($2::date) WHERE product = $1 AND term_months = 0 ORDER BY from_minor`,
    [product, date],
  );
}

/**
 * Interest paid to the account's ledger account since `since` began in `zone`, in minor units. Its owner is every
 * row's customer, which finds the rows by index.
 */
export async function interestPaidSince(db: Queryable, account: { customer_id: string; ledger_account_id: string }, since: string, zone: string): Promise<string> {
  const [row] = await rows<{ paid_minor: string }>(
    db,
    `SELECT coalesce(sum(amount_minor), 0)::text AS paid_minor FROM transactions
      WHERE customer_id = $1 AND account_id = $2 AND kind = 'interest' AND type = 'credit' AND created_at >= $3::date::timestamp AT TIME ZONE $4`,
    [account.customer_id, account.ledger_account_id, since, zone],
  );
  return row.paid_minor;
}

export interface InterestPostingRow {
  reference: string;
  description: string;
  amount_minor: string;
  period: string | null;
  value_date: string | null;
  created_at: Date;
}

/** The account's latest interest payments, newest first. */
export function latestInterestPostings(db: Queryable, account: { customer_id: string; ledger_account_id: string }, limit: number): Promise<InterestPostingRow[]> {
  return rows<InterestPostingRow>(
    db,
    `SELECT reference, description, amount_minor::text AS amount_minor, metadata->>'period' AS period, metadata->>'valueDate' AS value_date, created_at
       FROM transactions WHERE customer_id = $1 AND account_id = $2 AND kind = 'interest' AND type = 'credit'
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [account.customer_id, account.ledger_account_id, limit],
  );
}
