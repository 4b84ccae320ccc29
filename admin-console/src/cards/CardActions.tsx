import { useState, type MouseEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { rejectReasonSchema } from '@strongroom/shared';
import { cardAction } from '../providers/data-provider';
import { errorMessage } from '../providers/http';

function reasonError(reason: string): string | undefined {
  try {
    rejectReasonSchema.validateSync({ reason });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Freeze / unfreeze and block (with a reason) for an issued card; admins only, the server refuses auditors too. */
export function CardActions(_props: { label?: string }) {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [blockOpen, setBlockOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || permissions !== 'admin' || record.status !== 'active') return null;
  const run = async (action: 'block' | 'freeze' | 'unfreeze', body?: Record<string, string>) => {
    setBusy(true);
    try {
      const res = await cardAction(String(record.id), action, body);
      notify(res.message, { type: 'success' });
      setBlockOpen(false);
      setReason('');
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const problem = reasonError(reason);
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <Stack direction="row" spacing={1} onClick={stop} sx={{ whiteSpace: 'nowrap' }}>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => run(record.frozen ? 'unfreeze' : 'freeze')}>
        {record.frozen ? 'Unfreeze' : 'Freeze'}
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => setBlockOpen(true)}>
        Block
      </Button>
      <Dialog open={blockOpen} onClose={() => !busy && setBlockOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Block card ending {String(record.last4)}</DialogTitle>
        <DialogContent>
          <DialogContentText>A blocked card declines every payment for good; the customer cannot unfreeze it. Use it for a lost or stolen card or fraud.</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label="Reason (shown to the customer)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setBlockOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="error" variant="contained" disabled={busy || !!problem} onClick={() => run('block', { reason: reason.trim() })}>
            {busy ? 'Blocking...' : 'Block card'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
