import { rows, type Queryable } from '../../common/sql';

/** A rate as customers read it: at least two decimals, no trailing zeros past them ('1.50', '1.825'). */
const RATE_TEXT = (column: string) => `to_char(${column}, 'FM990.00999')`;

/** The account's product as the catalogue has it (deposit_products, docs/decisions/0063-interest.md). */
export interface DepositProductRow {
  code: string;
  name: string;
  interest_bearing: boolean;
  day_count: string;
}

export async function depositProductOf(db: Queryable, product: string): Promise<DepositProductRow | undefined> {
  const [row] = await rows<DepositProductRow>(db, `SELECT code, name, interest_bearing, day_count FROM deposit_products WHERE code = $1`, [product]);
  return row;
}

/** One tier of a schedule: from a balance (minor units) up to the next tier's start (none for the last). */
export interface RateTierRow {
  from_minor: string;
  to_minor: string | null;
  rate_percent: string;
}

/** The product's tiers in force on `date` (rates_in_force, server/src/db/sql/interest.sql), lowest first. */
export function tiersInForce(db: Queryable, product: string, date: string): Promise<RateTierRow[]> {
  return rows<RateTierRow>(
    db,
    `SELECT from_minor::text AS from_minor, to_minor::text AS to_minor, ${RATE_TEXT('rate_percent')} AS rate_percent
       FROM rates_in_force($2::date) WHERE product = $1 AND term_months = 0 ORDER BY from_minor`,
    [product, date],
  );
}

/** What the account has accrued and not been paid, to 10 decimal places of a minor unit, and the last day accrued. */
export interface AccrualRow {
  accrued_minor: string;
  accrued_through: string;
}

export async function accrualOf(db: Queryable, accountId: string): Promise<AccrualRow | undefined> {
  const [row] = await rows<AccrualRow>(db, `SELECT accrued_minor::text AS accrued_minor, accrued_through::text AS accrued_through FROM interest_accruals WHERE account_id = $1`, [accountId]);
  return row;
}

/** A term deposit's terms, locked when it opened. */
export interface TermDepositRow {
  principal_minor: string;
  term_months: number;
  rate_percent: string;
  start_date: string;
  maturity_date: string;
  renew: boolean;
  status: string;
}

export async function termDepositOf(db: Queryable, accountId: string): Promise<TermDepositRow | undefined> {
  const [row] = await rows<TermDepositRow>(
    db,
    `SELECT principal_minor::text AS principal_minor, term_months, ${RATE_TEXT('rate_percent')} AS rate_percent, start_date::text AS start_date,
            maturity_date::text AS maturity_date, renew, status
       FROM term_deposits WHERE account_id = $1`,
    [accountId],
  );
  return row;
}

/** An account's ledger account and its owner: the owner is every row's customer, which finds them by index. */
export interface InterestLedger {
  ledgerAccountId: string;
  ownerId: string;
}

/**
 * Interest paid to the ledger account since the start of `year` in the bank's time zone `zone`, in minor units
 * (the interest rows are credits; their time is when the end of day paid them).
 */
export async function interestPaidSince(db: Queryable, ledger: InterestLedger, year: number, zone: string): Promise<string> {
  const [row] = await rows<{ paid_minor: string }>(
    db,
    `SELECT coalesce(sum(amount_minor), 0)::text AS paid_minor FROM transactions
      WHERE customer_id = $1 AND account_id = $2 AND kind = 'interest' AND type = 'credit' AND status = 'success'
        AND created_at >= make_date($3, 1, 1)::timestamp AT TIME ZONE $4`,
    [ledger.ownerId, ledger.ledgerAccountId, year, zone],
  );
  return row.paid_minor;
}

/** One interest payment as the customer's history shows it. */
export interface InterestPaymentRow {
  reference: string;
  amount_minor: string;
  description: string;
  period: string | null;
  created_at: Date;
}

/** The latest `limit` interest payments to the ledger account, newest first. */
export function latestInterestPayments(db: Queryable, ledger: InterestLedger, limit: number): Promise<InterestPaymentRow[]> {
  return rows<InterestPaymentRow>(
    db,
    `SELECT reference, amount_minor::text AS amount_minor, description, metadata->>'period' AS period, created_at
       FROM transactions WHERE customer_id = $1 AND account_id = $2 AND kind = 'interest' AND type = 'credit' AND status = 'success'
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [ledger.ownerId, ledger.ledgerAccountId, limit],
  );
}
