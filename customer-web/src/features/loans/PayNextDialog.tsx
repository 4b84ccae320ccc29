import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { formatMoney, type LoanDto, type LoanInstalmentDto } from '@strongroom/shared';
import { api, newIdempotencyKey } from '../../api/client';

/** Pays the next unpaid instalment now, approved with the transaction PIN; one Idempotency-Key per opening. */
export function PayNextDialog({ loan, instalment, onClose, onPaid }: { loan: LoanDto; instalment: LoanInstalmentDto; onClose: () => void; onPaid: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);

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
      setError((err as { errors?: Record<string, string> }).errors?.pin ?? (err as Error).message);
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
            autoFocus
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={pay} disabled={busy}>
          {busy ? 'Paying...' : 'Pay now'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
