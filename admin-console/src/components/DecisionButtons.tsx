import { useState, type MouseEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { ReasonDialog } from './ReasonDialog';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';

import type { DecisionResource, StrongroomDataProvider } from '../providers/data-provider';
import { errorMessage } from '../providers/http';
import { recordMoney } from './format';
import { humanize } from './StatusField';

const NOUN: Record<DecisionResource, string> = {
  customers: 'application',
  transactions: 'transfer',
  cheques: 'cheque',
  'incoming-payments': 'incoming payment',
  loans: 'loan',
  cards: 'card application',
  'crypto-requests': 'crypto request',
  accounts: 'business account application',
};
/** Every queue's four-eyes state: one admin approved, a different one must give the second approval. */
export const AWAITING_SECOND_APPROVAL = 'awaiting_second_approval';

const APPROVE_EFFECT: Record<DecisionResource, string> = {
  customers: 'The customer is e-mailed and can move money straight away.',
  transactions: 'The held funds go to settlement and the customer is told.',
  cheques: 'The amount is credited to the customer from cheque clearing and the customer is told; above the four-eyes threshold a second admin must approve too.',
  'incoming-payments': 'The payment is credited to the customer now.',
  cards: 'The card is issued (number and expiry; the CVV is never stored) and the customer is e-mailed.',
  loans: "The loan is paid into the customer's account and the repayment schedule starts. Above the four-eyes threshold a second admin must approve too.",
  'crypto-requests': "A deposit is credited to the customer's holding from custody (two admins above the four-eyes threshold); a withdrawal sends the reserved units out.",
  accounts: 'The account opens now, empty, and the customer is e-mailed its number.',
};

const REJECT_HINT: Partial<Record<DecisionResource, string>> = {
  transactions: 'The amount and the fee go back to the customer.',
  cheques: 'Nothing is credited; the customer sees the reason.',
  'incoming-payments': 'Nothing is credited; the payment goes back to the sending bank.',
  loans: 'Nothing is paid out; the customer sees the reason.',
  cards: 'No card is issued; the customer sees the reason.',
  'crypto-requests': 'A deposit credits nothing; a withdrawal returns the reserved units and fee to the holding. The customer sees the reason.',
  accounts: 'The account is never opened; the customer sees the reason.',
};

function subjectOf(resource: DecisionResource, record: Record<string, unknown>): string {
  if (resource === 'customers') return `${record.firstName} ${record.lastName} (account ${record.accountNumber})`;
  if (resource === 'cards') return `${record.holderName} (account ${record.accountNumber}): ${humanize(String(record.cardType))}, credit limit ${recordMoney(record.creditLimit, record.currency)}`;
  if (resource === 'incoming-payments')
    return `${record.networkReference}: ${recordMoney(record.amount, record.currency)} from ${record.senderName} to ${record.holderName} (account ${record.accountNumber})`;
  if (resource === 'cheques') {
    return `Cheque no. ${record.chequeNumber} on ${record.bankName}, ${recordMoney(record.amount, record.currency)}, deposited by ${record.customerName} (account ${record.customerAccountNumber})`;
  }
  if (resource === 'crypto-requests') {
    return `${record.kind === 'deposit' ? 'Deposit' : 'Withdrawal'} of ${record.amount} ${record.symbol}${record.kind === 'withdrawal' ? ` (network fee ${record.networkFee} ${record.symbol}) to ${record.address}` : ''} for ${record.customerName} (account ${record.customerAccountNumber})`;
  }
  if (resource === 'accounts') return `${record.name} (${record.currency}, number ${record.number}) for ${record.ownerName}`;
  if (resource === 'loans') {
    return `${String(record.loanType)} loan of ${recordMoney(record.loanAmount, record.currency)} over ${record.termLength} months for ${record.customerName} (account ${record.accountNumber})`;
  }
  const holder = record.accountHolder as { name: string; accountNumber: string } | undefined;
  const amount = typeof record.amount === 'string' ? ` ${recordMoney(record.amount, record.currency)} (fee ${recordMoney(record.fees, record.currency)})` : '';
  return `${record.reference}: ${record.description},${amount}${holder ? ` from ${holder.name} (account ${holder.accountNumber})` : ''}`;
}

/**
 * Approve (after a confirmation) and Reject with a reason that is sent to the customer. Rendered only for the
 * admin role and only while the record awaits a decision; auditors never see them (the server refuses them too).
 */
export function DecisionButtons({ resource, pendingStatus }: { resource: DecisionResource; pendingStatus: string | readonly string[]; label?: string }) {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<StrongroomDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);
  const decidable = [...(typeof pendingStatus === 'string' ? [pendingStatus] : pendingStatus), AWAITING_SECOND_APPROVAL];
  if (!record || permissions !== 'admin' || !decidable.includes(String(record.status))) return null;
  const secondApproval = record.status === AWAITING_SECOND_APPROVAL;

  const close = () => {
    if (!busy) setDialog(null);
  };
  const decide = async (decision: 'approve' | 'reject', reason?: string) => {
    setBusy(true);
    try {
      const res = await dataProvider.decide(resource, String(record.id), decision, reason);
      notify(res.message, { type: 'success' });
      setDialog(null);
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const noun = NOUN[resource] ?? 'request';
  // Clicks inside the buttons and their dialogs (portals bubble through React) must not open the list row.
  const stop = (e: MouseEvent) => e.stopPropagation();

  return (
    // In a list's narrow column the buttons go one under the other rather than past the table's edge.
    <Stack direction="row" spacing={1} useFlexGap onClick={stop} sx={{ flexWrap: 'wrap', whiteSpace: 'nowrap' }}>
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
            {secondApproval ? 'This is the second approval: the money moves now.' : APPROVE_EFFECT[resource]} Your name is recorded in the audit log.
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
      <ReasonDialog
        open={dialog === 'reject'}
        title={`Reject this ${noun}`}
        reasonLabel="Reason (sent to the customer)"
        required
        hint={REJECT_HINT[resource]}
        confirmLabel="Reject"
        busyLabel="Rejecting..."
        color="error"
        busy={busy}
        onClose={close}
        onConfirm={(reason) => decide('reject', reason)}
      >
        {subjectOf(resource, record)}
      </ReasonDialog>
    </Stack>
  );
}
