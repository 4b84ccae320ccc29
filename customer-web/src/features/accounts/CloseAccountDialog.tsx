import { useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { formatMoney, parseAmountToMinor } from '@strongroom/shared';
import { closeAccount, type AccountDto } from './accounts-api';
import { isUsable, shortLabel } from './AccountsContext';

/** Accounts the balance can be swept into: the customer's other open accounts in the same currency (the server converts none). */
const sweepTargets = (account: AccountDto, accounts: AccountDto[]) =>
  accounts.filter((a) => a.id !== account.id && isUsable(a) && a.status === 'active' && a.role !== 'dependant' && a.product !== 'fixed_deposit' && a.currency === account.currency);

/** Where the balance goes: one of the customer's other accounts in its currency, or a word that there is none. */
function SweepChoice({ currency, targets, value, onChange }: { currency: string; targets: AccountDto[]; value: string; onChange(id: string): void }) {
  if (targets.length === 0) {
    return <Alert severity="warning">You have no other open {currency} account to receive it: move the money out first (Move money converts it into another currency).</Alert>;
  }
  return (
    <TextField select fullWidth label="Move the balance to" value={value} onChange={(e) => onChange(e.target.value)}>
      {targets.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {shortLabel(t)} ({t.currency})
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Closes an account. With money in it the customer picks where the balance goes first; the server's refusal (the
 * primary account while others are open, a pending payment, a loan paid from it...) is shown as it says it.
 */
export function CloseAccountDialog({ open, account, accounts, onClose, onClosed }: { open: boolean; account: AccountDto; accounts: AccountDto[]; onClose(): void; onClosed(message: string): void }) {
  const hasBalance = parseAmountToMinor(account.balance, account.currency) !== 0n;
  const targets = sweepTargets(account, accounts);
  // The primary account closes last, when no other is open to take its balance: the server says what stops it.
  const primary = account.isPrimary && account.role === 'owner';
  const [sweepTo, setSweepTo] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setRefusal('');
      setSweepTo(targets[0]?.id ?? '');
    }
    // Chosen again only when the dialog opens, not when the list is reloaded behind it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setRefusal('');
    try {
      onClosed(await closeAccount(account.id, hasBalance && sweepTo ? sweepTo : undefined));
    } catch (e) {
      setRefusal((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="close-account-title">
      <DialogTitle id="close-account-title">Close {account.name}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {primary ? (
            <Alert severity="warning">
              This is your primary account: it closes last, after your other accounts, and closing it ends your relationship with Strongroom. You will no longer be able to sign in.
            </Alert>
          ) : (
            <DialogContentText>
              {hasBalance
                ? `It holds ${formatMoney(account.balance, account.currency)}. Choose the ${account.currency} account that receives it; the account then closes and can no longer send or receive money.`
                : 'The account closes and can no longer send or receive money. Its statements stay available.'}
            </DialogContentText>
          )}
          {hasBalance && !primary && <SweepChoice currency={account.currency} targets={targets} value={sweepTo} onChange={setSweepTo} />}
          {refusal && (
            <Alert severity="error" role="alert" data-testid="close-refusal">
              {refusal}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
          {busy ? 'Closing...' : 'Close account'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
