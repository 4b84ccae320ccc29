import { CurrencyTotals } from '../accounts/CurrencyTotals';
import { useAccounts } from '../accounts/AccountsContext';

/**
 * For a customer with more than one account: the total per currency across them, beside the chosen account's own
 * figures above (never one total across currencies).
 */
export function AccountsOverview() {
  const { accounts } = useAccounts();
  if (accounts.length < 2) return null;
  return <CurrencyTotals accounts={accounts} />;
}
