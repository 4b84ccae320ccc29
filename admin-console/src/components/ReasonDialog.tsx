import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { rejectReasonSchema } from '@strongroom/shared';

/** The shared schema's message for a reason that is missing or too short, or undefined when it is fine. */
function reasonError(reason: string): string | undefined {
  try {
    rejectReasonSchema.validateSync({ reason });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What happens, shown above the reason. */
  children: ReactNode;
  /** Who reads the reason, e.g. 'Reason (sent to the customer)'. */
  reasonLabel: string;
  /** A required reason is checked with the shared schema (the server's rule); an optional one is sent only when given. */
  required: boolean;
  hint?: string;
  confirmLabel: string;
  busyLabel: string;
  color?: 'primary' | 'error';
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => void;
}

/** A staff action that takes a reason (reject, block, unfreeze): one dialog, the reason kept until it is sent or cancelled. */
export function ReasonDialog({ open, title, children, reasonLabel, required, hint, confirmLabel, busyLabel, color = 'primary', busy, onClose, onConfirm }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = required ? reasonError(reason) : undefined;
  // Each opening starts empty, whether the last one was sent or cancelled.
  useEffect(() => {
    if (!open) {
      setReason('');
      setTouched(false);
    }
  }, [open]);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={required ? 3 : 2}
          label={reasonLabel}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !!problem}
          helperText={(touched && problem) || hint || ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button color={color} variant="contained" disabled={busy || !!problem} onClick={() => onConfirm(reason.trim() || undefined)}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
