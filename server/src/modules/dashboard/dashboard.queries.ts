import { rows, type Queryable } from '../../common/sql';
import { TRANSACTION_DTO_COLUMNS, type TransactionDtoRow } from '../ledger';

/**
 * SQL: `AND <table>account_id = $n`, for figures of one ledger account (their owner's rows on it); nothing for a
 * customer's own figures, whose statements stay as they were.
 */
const onLedgerAccount = (ledgerAccountId: string | undefined, n: number, table = '') => (ledgerAccountId === undefined ? '' : ` AND ${table}account_id = $${n}::bigint`);
const withLedgerAccount = (params: unknown[], ledgerAccountId: string | undefined) => (ledgerAccountId === undefined ? params : [...params, ledgerAccountId]);

export interface MonthToDateFlows {
  inNowMinor: bigint;
  outNowMinor: bigint;
  inPreviousMinor: bigint;
  outPreviousMinor: bigint;
}

/** This month so far and the same stretch of the previous month, as moments (their days in the customer's time zone). */
export interface MonthToDateBounds {
  monthStart: Date;
  previousStart: Date;
  previousEnd: Date;
  at: Date;
}

/** Money in and out this month up to `at`, and over the previous month from its start to `previousEnd`. Fees count as money out. */
export async function monthToDateFlows(m: Queryable, customerId: string, currency: string, bounds: MonthToDateBounds, ledgerAccountId?: string): Promise<MonthToDateFlows> {
  const [row] = await rows<{ in_now: string; out_now: string; in_prev: string; out_prev: string }>(
    m,
    `SELECT coalesce(sum(amount_minor) FILTER (WHERE type = 'credit' AND created_at >= $3), 0)::text AS in_now,
            coalesce(sum(amount_minor + fee_minor) FILTER (WHERE type = 'debit' AND created_at >= $3), 0)::text AS out_now,
            coalesce(sum(amount_minor) FILTER (WHERE type = 'credit' AND created_at < $5), 0)::text AS in_prev,
            coalesce(sum(amount_minor + fee_minor) FILTER (WHERE type = 'debit' AND created_at < $5), 0)::text AS out_prev
       FROM transactions
      WHERE customer_id = $1 AND currency = $2 AND status IN ('success','pending') AND created_at >= $4 AND created_at <= $6${onLedgerAccount(ledgerAccountId, 7)}`,
    withLedgerAccount([customerId, currency, bounds.monthStart, bounds.previousStart, bounds.previousEnd, bounds.at], ledgerAccountId),
  );
  return { inNowMinor: BigInt(row.in_now), outNowMinor: BigInt(row.out_now), inPreviousMinor: BigInt(row.in_prev), outPreviousMinor: BigInt(row.out_prev) };
}

/** The customer's latest `limit` transactions, newest first. */
export function latestTransactions(db: Queryable, customerId: string, limit: number, ledgerAccountId?: string): Promise<TransactionDtoRow[]> {
  return rows<TransactionDtoRow>(
    db,
    `SELECT ${TRANSACTION_DTO_COLUMNS} FROM transactions WHERE customer_id = $1${onLedgerAccount(ledgerAccountId, 3)} ORDER BY created_at DESC, id DESC LIMIT $2`,
    withLedgerAccount([customerId, limit], ledgerAccountId),
  );
}

/**
 * Money in and out on each day that starts at one of `dayStarts` and ends at the next (the last only ends the one
 * before it), in minor units of `currency`, in order; fees count as out. The moments come from the customer's
 * calendar, so a day with a clock change is as long as the customer lived it.
 */
export function flowsByDay(db: Queryable, customerId: string, currency: string, dayStarts: Date[], ledgerAccountId?: string): Promise<{ in_minor: string; out_minor: string }[]> {
  return rows(
    db,
    `WITH days AS (
       SELECT n, starts_at, lead(starts_at) OVER (ORDER BY n) AS ends_before FROM unnest($3::timestamptz[]) WITH ORDINALITY AS d(starts_at, n))
     SELECT coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'credit'), 0)::text AS in_minor,
            coalesce(sum(t.amount_minor + t.fee_minor) FILTER (WHERE t.type = 'debit'), 0)::text AS out_minor
       FROM days d
       LEFT JOIN transactions t ON t.customer_id = $1 AND t.currency = $2 AND t.status IN ('success','pending')
            AND t.created_at >= d.starts_at AND t.created_at < d.ends_before${onLedgerAccount(ledgerAccountId, 4, 't.')}
      WHERE d.ends_before IS NOT NULL
      GROUP BY d.n ORDER BY d.n`,
    withLedgerAccount([customerId, currency, dayStarts], ledgerAccountId),
  );
}

/**
 * How many transactions the customer has, counted no further than `cap` + 1: past the cap the dashboard says
 * "1,000+", and a long history costs no more to count than a short one (as the transaction list's count).
 */
export async function countTransactionsUpTo(db: Queryable, customerId: string, cap: number, ledgerAccountId?: string): Promise<{ count: number; capped: boolean }> {
  const [row] = await rows<{ count: string }>(
    db,
    `SELECT count(*) FROM (SELECT 1 FROM transactions WHERE customer_id = $1${onLedgerAccount(ledgerAccountId, 3)} LIMIT $2) counted`,
    withLedgerAccount([customerId, cap + 1], ledgerAccountId),
  );
  const counted = Number(row.count);
  return { count: Math.min(counted, cap), capped: counted > cap };
}
