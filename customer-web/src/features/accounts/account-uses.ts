import { useMemo, useState } from 'react';
import { parseAmountToMinor } from '@strongroom/shared';
import type { AccountDto } from './accounts-api';
import { useAccounts } from './AccountsContext';

/**
 * What a form does with the account it names, as server/src/modules/accounts/account-roles.ts calls it: `pay` (same
 * bank, local), `payAbroad` (international), `borrow` (cards, loans), `receive` (a cheque paid in), `view` (a
 * statement). The server still decides; this only keeps out of the list what it would refuse.
 */
export type AccountUse = 'pay' | 'payAbroad' | 'borrow' | 'receive' | 'view';

/** A family member whose owner set no allowance (a limit of nil) can see the account but not pay from it. */
const noAllowance = (a: AccountDto) => a.role === 'dependant' && !!a.dailyLimit && parseAmountToMinor(a.dailyLimit, a.currency) === 0n;

export function mayUseFor(a: AccountDto, use: AccountUse): boolean {
  // A term deposit's money moves only when it opens, matures or is withdrawn (the Term deposits page).
  if (a.product === 'fixed_deposit' && use !== 'view') return false;
  switch (use) {
    case 'pay':
      return a.status === 'active' && !noAllowance(a);
    case 'payAbroad':
    case 'borrow':
      return a.status === 'active' && a.role !== 'dependant';
    case 'receive':
      return a.status === 'active' || a.status === 'frozen';
    case 'view':
      // A closed account's statements are still the customer's to read; one never opened has none.
      return a.status === 'active' || a.status === 'frozen' || a.status === 'closed';
  }
}

export interface AccountChoice {
  /** The accounts the form may name, in the order the customer holds them. */
  options: AccountDto[];
  /** The one chosen, else the account selected in the shell when it may be used, else the primary; null while loading. */
  account: AccountDto | null;
  choose(id: string): void;
}

/** The account a money form acts on: the customer's own choice once made, the shell's selection until then. */
export function useAccountChoice(use: AccountUse): AccountChoice {
  const { accounts, selected } = useAccounts();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const options = useMemo(() => accounts.filter((a) => mayUseFor(a, use)), [accounts, use]);
  const account = useMemo(() => {
    const byId = (id: string | null | undefined) => options.find((a) => a.id === id);
    return byId(chosenId) ?? byId(selected?.id) ?? options.find((a) => a.isPrimary && a.role === 'owner') ?? options[0] ?? null;
  }, [options, chosenId, selected]);
  return { options, account, choose: setChosenId };
}

/**
 * The request's `accountId`: none for the customer's own primary account (or none known), which the server uses when
 * no account is named, so a payment from it keeps the path it always took (same-bank's group-committed booking).
 */
export const accountIdOf = (account: AccountDto | null): { accountId?: string } => (account && !(account.isPrimary && account.role === 'owner') ? { accountId: account.id } : {});
