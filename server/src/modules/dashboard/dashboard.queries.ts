import type { EntityManager } from 'typeorm';
import { rows } from '../../common/sql';

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
export async function monthToDateFlows(m: EntityManager, customerId: string, currency: string, at: Date): Promise<MonthToDateFlows> {
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
