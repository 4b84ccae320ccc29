import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';

/**
 * Asks for the transaction PIN (and optionally more fields, as children) before a sensitive step: a card's details or
 * payment, a loan instalment, unfreezing. The PIN is never kept: the field is emptied once `onConfirm` has settled (a
 * refused PIN is typed again, as in the transfer dialogs) and on closing.
 */
export function PinDialog({
  open,
  title,
  description,
  confirmLabel,
  busy,
  busyLabel = 'Please wait...',
  error,
  locked,
  ready = true,
  focusPin = true,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  busy?: boolean;
  busyLabel?: string;
  error?: string;
  /** Payments are locked by too many wrong PINs: the PIN field and the confirm button are off. */
  locked?: boolean;
  /** The other fields (children) are filled in: confirming waits for them too. */
  ready?: boolean;
  /** The PIN field takes the focus on opening (false when a child field comes first). */
  focusPin?: boolean;
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
              autoFocus={focusPin}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || locked || !ready || pin.length !== 4}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
