import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { formatLongDate } from '@strongroom/shared';
import { httpClient, errorMessage } from '../providers/http';

/**
 * 'Freeze everything' is on for this customer: a banner on the customer page, and for admins an 'Unfreeze' button that
 * lifts it after their own checks (PATCH /v1/admin/customers/{id}/unfreeze: audited, the customer is e-mailed).
 */
export function AccountFrozenNotice() {
  const record = useRecordContext<{ id: string; frozenAt?: string | null; firstName?: string }>();
  const { permissions } = usePermissions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record?.frozenAt) return null;
  const unfreeze = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`/v1/admin/customers/${encodeURIComponent(String(record.id))}/unfreeze`, {
        method: 'PATCH',
        body: JSON.stringify(reason.trim() ? { reason: reason.trim() } : {}),
      });
      notify((json as { message?: string }).message ?? 'Account unfrozen', { type: 'success' });
      setOpen(false);
      setReason('');
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Alert
      severity="warning"
      data-testid="customer-frozen"
      sx={{ mb: 2 }}
      action={
        permissions === 'admin' ? (
          <Button color="inherit" size="small" variant="outlined" onClick={() => setOpen(true)}>
            Unfreeze
          </Button>
        ) : undefined
      }
    >
      Freeze everything is on since {formatLongDate(record.frozenAt)}: the customer&apos;s cards decline and no payment can leave the account. Money still comes in.
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Unfreeze this customer&apos;s account?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Do this only after confirming who you are speaking to. Cards and outgoing payments work again at once; the customer is e-mailed and the audit log records you and your reason.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label="Reason (kept in the audit log)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={unfreeze} disabled={busy}>
            {busy ? 'Unfreezing...' : 'Unfreeze account'}
          </Button>
        </DialogActions>
      </Dialog>
    </Alert>
  );
}
