import { rows, type Queryable } from '../../common/sql';
import { TRANSACTION_DTO_COLUMNS, type TransactionDtoRow } from '../transactions/transaction-row';

export interface MonthToDateFlows {
  inNowMinor: bigint;
  outNowMinor: bigint;
  inPreviousMinor: bigint;
  outPreviousMinor: bigint;
}

/**
 * Money in and out this month up to `at`, and over the same stretch of the previous month (from its first day for
 * as long as this month has run, never past its end): the 23rd of November compares with October 1-23, not with
 * all of October. Fees count as money out.
 */
export async function monthToDateFlows(m: Queryable, customerId: string, currency: string, at: Date): Promise<MonthToDateFlows> {
  const [row] = await rows<{ in_now: string; out_now: string; in_prev: string; out_prev: string }>(
    m,
    `WITH bounds AS (
       SELECT date_trunc('month', $3::timestamptz) AS month_start,
              date_trunc('month', $3::timestamptz) - interval '1 month' AS prev_start,
              least(date_trunc('month', $3::timestamptz) - interval '1 month' + ($3::timestamptz - date_trunc('month', $3::timestamptz)),
                    date_trunc('month', $3::timestamptz)) AS prev_end)
     SELECT coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'credit' AND t.created_at >= b.month_start), 0)::text AS in_now,
            coalesce(sum(t.amount_minor + t.fee_minor) FILTER (WHERE t.type = 'debit' AND t.created_at >= b.month_start), 0)::text AS out_now,
            coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'credit' AND t.created_at < b.prev_end), 0)::text AS in_prev,
            coalesce(sum(t.amount_minor + t.fee_minor) FILTER (WHERE t.type = 'debit' AND t.created_at < b.prev_end), 0)::text AS out_prev
       FROM bounds b
       LEFT JOIN transactions t ON t.customer_id = $1 AND t.currency = $2 AND t.status IN ('success','pending')
            AND t.created_at >= b.prev_start AND t.created_at <= $3::timestamptz
      GROUP BY b.month_start, b.prev_end`,
    [customerId, currency, at],
  );
  return { inNowMinor: BigInt(row.in_now), outNowMinor: BigInt(row.out_now), inPreviousMinor: BigInt(row.in_prev), outPreviousMinor: BigInt(row.out_prev) };
}

/** The customer's latest `limit` transactions, newest first. */
export function latestTransactions(db: Queryable, customerId: string, limit: number): Promise<TransactionDtoRow[]> {
  return rows<TransactionDtoRow>(db, `SELECT ${TRANSACTION_DTO_COLUMNS} FROM transactions WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, [customerId, limit]);
}

/** Money in and out on each of the last 30 days (today the last), in minor units of `currency`; fees count as out. */
export function lastThirtyDays(db: Queryable, customerId: string, currency: string): Promise<{ day: string; in_minor: string; out_minor: string }[]> {
  return rows(
    db,
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
            coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'credit'), 0)::text AS in_minor,
            coalesce(sum(t.amount_minor + t.fee_minor) FILTER (WHERE t.type = 'debit'), 0)::text AS out_minor
       FROM generate_series(date_trunc('day', now()) - interval '29 days', date_trunc('day', now()), interval '1 day') AS d(day)
       LEFT JOIN transactions t ON t.customer_id = $1 AND t.currency = $2 AND t.status IN ('success','pending')
            AND t.created_at >= d.day AND t.created_at < d.day + interval '1 day'
      GROUP BY d.day ORDER BY d.day`,
    [customerId, currency],
  );
}

/**
 * How many transactions the customer has, counted no further than `cap` + 1: past the cap the dashboard says
 * "1,000+", and a long history costs no more to count than a short one (as the transaction list's count, 0043).
 */
export async function countTransactionsUpTo(db: Queryable, customerId: string, cap: number): Promise<{ count: number; capped: boolean }> {
  const [row] = await rows<{ count: string }>(db, `SELECT count(*) FROM (SELECT 1 FROM transactions WHERE customer_id = $1 LIMIT $2) counted`, [customerId, cap + 1]);
  const counted = Number(row.count);
  return { count: Math.min(counted, cap), capped: counted > cap };
}
