import { minorToDecimal } from '@strongroom/shared';
import type { Queryable } from '../../common/sql';
import { heldForPendingTransfers } from './account-views.queries';
import { holdersOfAccount } from './holders.queries';
import { heldAccounts, type HeldAccountRow } from './accounts.queries';

export const BANK_NAME = 'Strongroom Bank';

/** An account as the customer who holds it sees it (the schemas in accounts.schemas.ts). */
export interface AccountView {
  id: string;
  number: string;
  name: string;
  product: string;
  currency: string;
  status: string;
  statusReason: string | null;
  role: string;
  isPrimary: boolean;
  balance: string;
  availableBalance: string;
  dailyLimit?: string;
  spentToday?: string;
  openedAt: string | null;
  closedAt: string | null;
  createdAt: string;
}

/**
 * The ledger balance is what can be spent (payments waiting for staff already left it); the balance adds back what
 * those payments hold, until they are sent or refused. Each in the account's own currency: nothing is summed across.
 */
export function toAccountView(row: HeldAccountRow, heldMinor: bigint): AccountView {
  const ledgerMinor = BigInt(row.balance_minor);
  const view: AccountView = {
    id: row.id,
    number: row.number,
    name: row.name,
    product: row.product,
    currency: row.currency,
    status: row.status,
    statusReason: row.status_reason,
    role: row.role,
    isPrimary: row.is_primary,
    balance: minorToDecimal(ledgerMinor + heldMinor, row.currency),
    availableBalance: minorToDecimal(ledgerMinor, row.currency),
    openedAt: row.opened_at ? row.opened_at.toISOString() : null,
    closedAt: row.closed_at ? row.closed_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
  if (row.role === 'dependant' && row.daily_limit_minor !== null) {
    view.dailyLimit = minorToDecimal(row.daily_limit_minor, row.currency);
    view.spentToday = minorToDecimal(row.spent_today_minor ?? '0', row.currency);
  }
  return view;
}

/** Every account the customer holds, their own first, with balances. */
export async function accountViews(db: Queryable, customerId: string): Promise<AccountView[]> {
  const held = await heldAccounts(db, customerId);
  const holds = await heldForPendingTransfers(
    db,
    held.map((a) => a.id),
  );
  return held.map((a) => toAccountView(a, holds.get(a.id) ?? 0n));
}

/** One account with what others need to pay into it, and who holds it (read only here: holders.* change them). */
export async function accountDetail(db: Queryable, account: HeldAccountRow) {
  const [holds, holders] = await Promise.all([heldForPendingTransfers(db, [account.id]), holdersOfAccount(db, account.id)]);
  const owner = holders.find((h) => h.role === 'owner')!;
  return {
    ...toAccountView(account, holds.get(account.id) ?? 0n),
    paymentDetails: { accountHolderName: `${owner.first_name} ${owner.last_name}`, accountNumber: account.number, bankName: BANK_NAME, currency: account.currency },
    holders: holders.map((h) => ({
      id: h.id,
      role: h.role,
      status: h.status,
      firstName: h.first_name,
      lastName: h.last_name,
      ...(h.daily_limit_minor !== null ? { dailyLimit: minorToDecimal(h.daily_limit_minor, account.currency) } : {}),
    })),
  };
}
