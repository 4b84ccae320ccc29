import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { ReasonDialog } from '../components/ReasonDialog';
import { usePermissions, useRecordContext } from 'react-admin';
import { formatLongDate } from '@strongroom/shared';
import { api } from '../providers/api';
import { useStaffAction } from '../components/useStaffAction';

/**
 * 'Freeze everything' is on for this customer: a banner on the customer page, and for admins an 'Unfreeze' button that
 * lifts it after their own checks (PATCH /v1/admin/customers/{id}/unfreeze: audited, the customer is e-mailed).
 */
export function AccountFrozenNotice() {
  const record = useRecordContext<{ id: string; frozenAt?: string | null; firstName?: string }>();
  const { permissions } = usePermissions();
  const { busy, run } = useStaffAction();
  const [open, setOpen] = useState(false);
  if (!record?.frozenAt) return null;
  const unfreeze = async (reason: string | undefined) => {
    const init = { params: { path: { id: String(record.id) } }, body: reason ? { reason } : {} };
    const done = await run(() => api.PATCH('/v1/admin/customers/{id}/unfreeze', init), 'Account unfrozen');
    if (done) setOpen(false);
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
      <ReasonDialog
        open={open}
        title="Unfreeze this customer's account?"
        reasonLabel="Reason (kept in the audit log)"
        required={false}
        confirmLabel="Unfreeze account"
        busyLabel="Unfreezing..."
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={unfreeze}
      >
        Do this only after confirming who you are speaking to. Cards and outgoing payments work again at once; the customer is e-mailed and the audit log records you and your reason.
      </ReasonDialog>
    </Alert>
  );
}
