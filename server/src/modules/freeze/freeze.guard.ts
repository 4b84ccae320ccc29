import { rows, type Queryable } from '../../common/sql';
import * as errors from './freeze.errors';

// While 'Freeze everything' is on (customers.frozen_at) no payment leaves the account; money still comes in.

/** Refuses an outbound payment of a frozen customer; `frozenAt` is the sender's customers.frozen_at, read with the payment. */
export function assertNotFrozen(frozenAt: Date | string | null | undefined): void {
  if (frozenAt) throw errors.accountFrozen();
}

/** The same check for a caller that has not read the customer row. */
export async function assertCustomerNotFrozen(db: Queryable, customerId: string): Promise<void> {
  const [row] = await rows<{ frozen_at: Date | null }>(db, `SELECT frozen_at FROM customers WHERE id = $1`, [customerId]);
  assertNotFrozen(row?.frozen_at);
}
