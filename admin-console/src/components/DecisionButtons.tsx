import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { StrongroomDataProvider } from '../providers/data-provider';
import { errorMessage } from '../providers/http';

/** Approve / Reject-with-reason, for the admin role only; auditors read. */
export function DecisionButtons({ resource, pendingStatus }: { resource: 'customers' | 'transactions'; pendingStatus: string }) {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<StrongroomDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || permissions !== 'admin' || record.status !== pendingStatus) return null;

  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    try {
      const res = await dataProvider.decide(resource, String(record.id), decision, reason);
      notify(res.message, { type: 'success' });
      setRejecting(false);
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => decide('approve')}>
        Approve
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => setRejecting(true)}>
        Reject
      </Button>
      <Dialog open={rejecting} onClose={() => setRejecting(false)} fullWidth maxWidth="sm">
        <DialogTitle>Reject with a reason</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth multiline minRows={2} label="Reason (sent to the customer)" value={reason} onChange={(e) => setReason(e.target.value)} sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={busy || reason.trim().length < 3} onClick={() => decide('reject')}>
            Reject
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
