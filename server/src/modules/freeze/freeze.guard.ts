import type { Queryable } from '../../common/sql';
import { frozenAtOf } from './freeze.queries';
import * as errors from './freeze.errors';

// While 'Freeze everything' is on (customers.frozen_at) no payment leaves the account; money still comes in.

/** Refuses an outbound payment of a frozen customer; `frozenAt` is the sender's customers.frozen_at, read with the payment. */
export function assertNotFrozen(frozenAt: Date | string | null | undefined): void {
  if (frozenAt) throw errors.accountFrozen();
}

/** The same check for a caller that has not read the customer row. */
export async function assertCustomerNotFrozen(db: Queryable, customerId: string): Promise<void> {
  assertNotFrozen(await frozenAtOf(db, customerId));
}
