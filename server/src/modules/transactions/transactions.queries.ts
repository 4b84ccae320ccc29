import type { EntityManager } from 'typeorm';
import { rows } from '../../common/sql';

/**
 * The account balance when a statement period opens (after the last booked row before `from`) and when it closes
 * (after the last booked row up to the end of `to`), in minor units of the account's currency. Rows carry their account's balance after them,
 * in booking order; a customer with nothing booked yet opens at zero.
 */
export async function statementBalances(m: EntityManager, customerId: string, currency: string, from: string, to: string): Promise<{ openingMinor: bigint; closingMinor: bigint }> {
  const [row] = await rows<{ opening: string | null; closing: string | null }>(
    m,
    `SELECT (SELECT balance_after_minor FROM transactions
              WHERE customer_id = $1 AND currency = $4 AND balance_after_minor IS NOT NULL AND created_at < $2::date
              ORDER BY created_at DESC, id DESC LIMIT 1)::text AS opening,
            (SELECT balance_after_minor FROM transactions
              WHERE customer_id = $1 AND currency = $4 AND balance_after_minor IS NOT NULL AND created_at < $3::date + 1
              ORDER BY created_at DESC, id DESC LIMIT 1)::text AS closing`,
    [customerId, from, to, currency],
  );
  return { openingMinor: BigInt(row.opening ?? '0'), closingMinor: BigInt(row.closing ?? '0') };
}
