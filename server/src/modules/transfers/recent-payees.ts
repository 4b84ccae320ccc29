import { INTERNATIONAL_PAYEE_FIELDS, LOCAL_PAYEE_FIELDS, type RecentPayeesDto } from '@strongroom/shared';
import type { Queryable } from '../../common/sql';
import { recentOutboundPayees, recentSameBankPayees } from './transfers.queries';

/** How many payees of each kind "Pay again" offers. */
export const RECENT_PAYEES_PER_KIND = 5;

/** The payee's recipient fields only, as text: never the amount, date, memo or purpose of the payment they came with. */
function pick<Field extends string>(fields: readonly Field[], source: Record<string, unknown>): Record<Field, string> {
  return Object.fromEntries(fields.map((field) => [field, typeof source[field] === 'string' ? source[field] : ''])) as Record<Field, string>;
}

/**
 * Whom the customer paid lately, by kind, to pay again without typing an account number: read from their own
 * payments only (docs/decisions/0050).
 */
export async function recentPayees(db: Queryable, customerId: string): Promise<Omit<RecentPayeesDto, 'success'>> {
  const [sameBank, outbound] = await Promise.all([recentSameBankPayees(db, customerId, RECENT_PAYEES_PER_KIND), recentOutboundPayees(db, customerId)]);
  const local: RecentPayeesDto['local'] = [];
  const international: RecentPayeesDto['international'] = [];
  for (const row of outbound) {
    const lastPaidAt = row.lastPaidAt.toISOString();
    if (row.kind === 'transfer_local' && local.length < RECENT_PAYEES_PER_KIND) {
      local.push({ payee: pick(LOCAL_PAYEE_FIELDS, row.payee), lastPaidAt });
    } else if (row.kind === 'transfer_international' && international.length < RECENT_PAYEES_PER_KIND) {
      const payee = pick(INTERNATIONAL_PAYEE_FIELDS, row.payee);
      // The currency the recipient was paid in is the transfer's own column, not part of its stored payee.
      payee.currency = row.paymentCurrency;
      international.push({ payee, lastPaidAt });
    }
  }
  return {
    sameBank: sameBank.map((row) => ({ accountNumber: row.accountNumber, name: row.name, lastPaidAt: row.lastPaidAt.toISOString() })),
    local,
    international,
  };
}
