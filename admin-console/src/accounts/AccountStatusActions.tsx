import { useState, type MouseEvent } from 'react';
import { Button } from '@mui/material';
import { usePermissions, useRecordContext } from 'react-admin';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffAction } from '../components/useStaffAction';
import { changeAccountStatus } from './account-actions';
import { groupedNumber, type AccountRecord } from './account-record';

const ACTIONS = {
  freeze: {
    label: 'Freeze',
    title: 'Freeze account',
    confirm: 'Freeze account',
    busy: 'Freezing...',
    effect: 'Money sent to the account still arrives; none can leave it until an admin unfreezes it.',
  },
  unfreeze: { label: 'Unfreeze', title: 'Unfreeze account', confirm: 'Unfreeze account', busy: 'Unfreezing...', effect: 'The account can pay again at once.' },
} as const;

/**
 * Freeze an active account or unfreeze a frozen one, with a reason the owner reads in their e-mail; the audit log
 * records who and why. Shown to admins only (the server refuses auditors too) and only where the action applies.
 */
export function AccountStatusActions(_props: { label?: string }) {
  const record = useRecordContext<AccountRecord>();
  const { permissions } = usePermissions();
  const { busy, run } = useStaffAction();
  const [open, setOpen] = useState(false);
  if (!record || permissions !== 'admin' || (record.status !== 'active' && record.status !== 'frozen')) return null;
  const action = record.status === 'active' ? 'freeze' : 'unfreeze';
  const copy = ACTIONS[action];
  const send = async (reason: string | undefined) => {
    const done = await run(() => changeAccountStatus(String(record.id), action, reason ?? ''), action === 'freeze' ? 'Account frozen' : 'Account unfrozen');
    if (done) setOpen(false);
  };
  // Clicks inside the button and its dialog (portals bubble through React) must not open the list row.
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <span onClick={stop}>
      <Button size="small" variant="outlined" color={action === 'freeze' ? 'error' : 'primary'} disabled={busy} onClick={() => setOpen(true)}>
        {copy.label}
      </Button>
      <ReasonDialog
        open={open}
        title={`${copy.title} ${groupedNumber(record.number)}`}
        reasonLabel="Reason (sent to the owner)"
        required
        confirmLabel={copy.confirm}
        busyLabel={copy.busy}
        color={action === 'freeze' ? 'error' : 'primary'}
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={send}
      >
        {record.name} of {record.ownerName}. {copy.effect} The owner is e-mailed and the audit log records you and your reason.
      </ReasonDialog>
    </span>
  );
}
