import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { formatMoney, type LoanDto, type LoanInstalmentDto } from '@strongroom/shared';
import { ApiError, api, newIdempotencyKey } from '../../api/client';

/** Pays the next unpaid instalment now, approved with the transaction PIN; one Idempotency-Key per opening, and a new one after each refusal. */
export function PayNextDialog({ loan, instalment, onClose, onPaid }: { loan: LoanDto; instalment: LoanInstalmentDto; onClose: () => void; onPaid: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Payments locked by too many wrong PINs: no PIN is taken in this opening of the dialog.
  const [locked, setLocked] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  const pay = async () => {
    if (!/^\d{4}$/.test(pin)) {
      setError('PIN must be exactly 4 digits');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const res = await api.post<{ message: string }>(`/loan/${loan.id}/pay-next`, { pin }, { idempotencyKey: key });
      enqueueSnackbar(res.message, { variant: 'success' });
      onPaid();
    } catch (err) {
      // The whole refusal: a wrong PIN's says how many tries are left, which its field error does not.
      setError((err as Error).message);
      setLocked(err instanceof ApiError && err.locked);
      // The server keeps a refusal as the key's answer: the next try (another PIN) is a new request. A try that got no
      // answer keeps its key, so sending it again cannot pay twice.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Pay next instalment</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            Instalment {instalment.number} of {loan.termLength}, due {instalment.dueDate}: <strong>{formatMoney(instalment.amount, loan.currency)}</strong> from your account now.
          </Typography>
          <TextField
            label="Transaction PIN"
            type="password"
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
            inputProps={{ inputMode: 'numeric', maxLength: 4, autoComplete: 'off' }}
            error={!!error}
            helperText={error || ' '}
            disabled={locked}
            autoFocus
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={pay} disabled={busy || locked}>
          {busy ? 'Paying...' : 'Pay now'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
