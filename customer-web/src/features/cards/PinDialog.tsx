import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';

/**
 * Asks for the transaction PIN (and optionally more fields) before a sensitive step; the PIN is never kept: the field is
 * emptied once `onConfirm` has settled (a refused PIN is typed again, as in the transfer dialogs) and on closing.
 */
export function PinDialog({
  open,
  title,
  description,
  confirmLabel,
  busy,
  error,
  locked,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string;
  /** Payments are locked by too many wrong PINs: the PIN field and the confirm button are off. */
  locked?: boolean;
  onCancel(): void;
  onConfirm(pin: string): void | Promise<void>;
  children?: React.ReactNode;
}) {
  const [pin, setPin] = useState('');
  useEffect(() => {
    if (!open) setPin('');
  }, [open]);
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="xs">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          await onConfirm(pin);
          setPin('');
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{description}</DialogContentText>
            {children}
            <TextField
              label="Transaction PIN"
              type="password"
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
              inputProps={{ inputMode: 'numeric', maxLength: 4, autoComplete: 'off' }}
              error={!!error}
              helperText={error}
              disabled={locked}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || locked || pin.length !== 4}>
            {busy ? 'Please wait...' : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
