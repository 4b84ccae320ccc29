import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { CurrencyTotals } from '../accounts/CurrencyTotals';
import { shortLabel, useAccounts } from '../accounts/AccountsContext';

/**
 * For a customer with more than one account: the total per currency across them, and, when another account than the
 * primary is chosen in the switcher, a plain word that the dashboard's figures are still the primary account's
 * (the summary route reads the primary account only), with the way to the chosen one.
 */
export function AccountsOverview() {
  const { accounts, selected, linkTo } = useAccounts();
  if (accounts.length < 2) return null;
  const primary = accounts.find((a) => a.isPrimary && a.role === 'owner');
  const elsewhere = selected && primary && selected.id !== primary.id;
  return (
    <Stack spacing={2}>
      {elsewhere && (
        <Alert
          severity="info"
          data-testid="dashboard-primary-note"
          action={
            <Button color="inherit" component={RouterLink} to={linkTo(`/accounts/${selected.id}`)}>
              Open {selected.name}
            </Button>
          }
        >
          The figures below are for your primary account, {shortLabel(primary)}.
        </Alert>
      )}
      <CurrencyTotals accounts={accounts} />
    </Stack>
  );
}
