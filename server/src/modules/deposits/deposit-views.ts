import { minorToDecimal } from '@strongroom/shared';
import type { DepositRow, HeldDepositRow } from './deposits.queries';

/** A rate as the customer reads it: "3.50", "4.125" (numeric(7,4) without the zeros past the second decimal). */
export function rateText(ratePercent: string): string {
  const [whole, fraction = ''] = ratePercent.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}

/** What accrued so far, whole minor units (the fraction is never paid on its own). */
export const accruedWholeMinor = (accruedMinor: string) => BigInt(accruedMinor.split('.')[0]);

export function toDepositDto(row: DepositRow | HeldDepositRow) {
  const money = (minor: string | bigint) => minorToDecimal(minor, row.currency);
  return {
    id: row.account_id,
    accountNumber: row.number,
    name: row.name,
    currency: row.currency,
    status: row.status,
    role: 'role' in row ? row.role : 'owner',
    sourceAccountId: row.source_account_id,
    principal: money(row.principal_minor),
    termMonths: row.term_months,
    rate: rateText(row.rate_percent),
    startDate: row.start_date,
    maturityDate: row.maturity_date,
    expectedInterest: money(row.expected_interest_minor),
    accruedInterest: money(row.status === 'active' ? accruedWholeMinor(row.accrued_minor) : 0n),
    renew: row.renew,
    renewals: row.renewals,
    interestPaid: money(row.interest_paid_minor),
    forfeited: money(row.forfeited_minor),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}
export type DepositDto = ReturnType<typeof toDepositDto>;

export function toStaffDepositDto(row: DepositRow & { owner_name: string }) {
  return { ...toDepositDto(row), customerId: row.customer_id, ownerName: row.owner_name };
}
