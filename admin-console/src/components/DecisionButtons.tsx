import { useState, type MouseEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { formatMoney, rejectReasonSchema } from '@strongroom/shared';
import type { DecisionResource, StrongroomDataProvider } from '../providers/data-provider';
import { errorMessage } from '../providers/http';

const NOUN: Record<string, string> = { customers: 'application', transactions: 'transfer', 'incoming-payments': 'incoming payment' };
/** Every queue's four-eyes state: one admin approved, a different one must give the second approval. */
export const AWAITING_SECOND_APPROVAL = 'awaiting_second_approval';

function subjectOf(resource: DecisionResource, record: Record<string, unknown>): string {
  if (resource === 'customers') return `${record.firstName} ${record.lastName} (account ${record.accountNumber})`;
  if (resource === 'incoming-payments') return `${record.networkReference}: ${formatMoney(String(record.amount), String(record.currency))} from ${record.senderName} to ${record.holderName} (account ${record.accountNumber})`;
  const holder = record.accountHolder as { name: string; accountNumber: string } | undefined;
  const amount = typeof record.amount === 'string' ? ` ${formatMoney(record.amount, String(record.currency ?? 'USD'))} (fee ${formatMoney(String(record.fees ?? '0'), String(record.currency ?? 'USD'))})` : '';
  return `${record.reference}: ${record.description},${amount}${holder ? ` from ${holder.name} (account ${holder.accountNumber})` : ''}`;
}

function reasonError(reason: string): string | undefined {
  try {
    rejectReasonSchema.validateSync({ reason });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * Approve (after a confirmation) and Reject with a reason that is sent to the customer. Rendered only for the
 * admin role and only while the record awaits a decision; auditors never see them (the server refuses them too).
 */
export function DecisionButtons({ resource, pendingStatus }: { resource: DecisionResource; pendingStatus: string | string[]; label?: string }) {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<StrongroomDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const decidable = [...(Array.isArray(pendingStatus) ? pendingStatus : [pendingStatus]), AWAITING_SECOND_APPROVAL];
  if (!record || permissions !== 'admin' || !decidable.includes(String(record.status))) return null;
  const secondApproval = record.status === AWAITING_SECOND_APPROVAL;

  const close = () => {
    if (busy) return;
    setDialog(null);
    setReason('');
    setTouched(false);
  };
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    try {
      const res = await dataProvider.decide(resource, String(record.id), decision, decision === 'reject' ? reason.trim() : undefined);
      notify(res.message, { type: 'success' });
      setDialog(null);
      setReason('');
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const problem = reasonError(reason);
  const noun = NOUN[resource] ?? 'request';
  // Clicks inside the buttons and their dialogs (portals bubble through React) must not open the list row.
  const stop = (e: MouseEvent) => e.stopPropagation();

  return (
    <Stack direction="row" spacing={1} onClick={stop} sx={{ whiteSpace: 'nowrap' }}>
      <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => setDialog('approve')}>
        {secondApproval ? 'Second approval' : 'Approve'}
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => setDialog('reject')}>
        Reject
      </Button>
      <Dialog open={dialog === 'approve'} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>Approve this {noun}?</DialogTitle>
        <DialogContent>
          <DialogContentText>{subjectOf(resource, record)}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>
            {resource === 'customers' ? 'The customer is e-mailed and can move money straight away.' : 'The held funds go to settlement and the customer is told.'} Your name is recorded in the audit log.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color="success" variant="contained" disabled={busy} onClick={() => decide('approve')}>
            {busy ? 'Approving...' : 'Confirm approval'}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'reject'} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>Reject this {noun}</DialogTitle>
        <DialogContent>
          <DialogContentText>{subjectOf(resource, record)}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label="Reason (sent to the customer)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!problem}
            helperText={(touched && problem) || (resource === 'transactions' ? 'The amount and the fee go back to the customer.' : ' ')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color="error" variant="contained" disabled={busy || !!problem} onClick={() => decide('reject')}>
            {busy ? 'Rejecting...' : 'Reject'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
