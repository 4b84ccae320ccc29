import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listAccounts, type AccountDto, type AccountRole } from './accounts-api';

/** The URL's search parameter naming the account the pages act on (absent: the primary account). */
export const ACCOUNT_PARAM = 'account';

export interface AccountsState {
  accounts: AccountDto[];
  loading: boolean;
  error: Error | null;
  reload(): void;
  /** The account chosen in the switcher (`?account=<id>`), else the customer's own primary account. */
  selected: AccountDto | null;
  select(id: string): void;
  /** `to` with the selected account kept in its search, so moving between pages keeps the choice. */
  linkTo(to: string): string;
}

const AccountsContext = createContext<AccountsState | null>(null);

/** The accounts a customer can act on: open or waiting ones, not closed or refused ones. */
export const isUsable = (a: AccountDto) => a.status !== 'closed' && a.status !== 'rejected';

function primaryOf(accounts: AccountDto[]): AccountDto | null {
  return accounts.find((a) => a.isPrimary && a.role === 'owner') ?? accounts.find(isUsable) ?? accounts[0] ?? null;
}

/** Loads the customer's accounts once for the signed-in shell; pages and the switcher read them from here. */
export function AccountsProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const [accounts, setAccounts] = useState<AccountDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    listAccounts(ctrl.signal)
      .then((list) => {
        setAccounts(list);
        setError(null);
      })
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(e);
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const requested = params.get(ACCOUNT_PARAM);
  const selected = useMemo(() => accounts.find((a) => a.id === requested && isUsable(a)) ?? primaryOf(accounts), [accounts, requested]);
  const select = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set(ACCOUNT_PARAM, id);
      setParams(next);
    },
    [params, setParams],
  );
  const linkTo = useCallback((to: string) => (requested ? `${to}${to.includes('?') ? '&' : '?'}${ACCOUNT_PARAM}=${encodeURIComponent(requested)}` : to), [requested]);
  const value = useMemo(() => ({ accounts, loading, error, reload, selected, select, linkTo }), [accounts, loading, error, reload, selected, select, linkTo]);
  return <AccountsContext.Provider value={value}>{children}</AccountsContext.Provider>;
}

export function useAccounts(): AccountsState {
  const state = useContext(AccountsContext);
  if (!state) throw new Error('useAccounts outside AccountsProvider');
  return state;
}

/** What a holder of this role may do with the account (mirrors server/src/modules/accounts/account-roles.ts). */
export const mayManage = (role: AccountRole) => role !== 'dependant';

export const PRODUCT_LABELS: Record<string, string> = { checking: 'Checking', savings: 'Savings', business: 'Business', fixed_deposit: 'Fixed deposit' };
export const ROLE_LABELS: Record<AccountRole, string> = { owner: 'Owner', joint: 'Joint holder', dependant: 'Family member' };

/** "Everyday · 0042": a name and the last four digits, which tell accounts apart without showing the whole number. */
export const shortLabel = (a: Pick<AccountDto, 'name' | 'number'>) => `${a.name} · ${a.number.slice(-4)}`;
