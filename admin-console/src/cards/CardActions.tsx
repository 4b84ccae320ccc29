import { useEffect, useState, type MouseEvent } from 'react';
import { Button, Stack } from '@mui/material';
import { usePermissions, useRecordContext } from 'react-admin';
import { ReasonDialog } from '../components/ReasonDialog';
import { cardAction } from '../providers/data-provider';
import { useStaffAction } from '../components/useStaffAction';

/** Freeze / unfreeze and block (with a reason) for an issued card; admins only, the server refuses auditors too. */
export function CardActions(_props: { label?: string }) {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const { busy, run: runAction } = useStaffAction();
  const [blockOpen, setBlockOpen] = useState(false);
  // Frozen or not as the server last answered: the list's refresh that brings it comes later, and until then the button
  // must offer the other action (a second click sent the same one again). A record that changes brings its own.
  const [answeredFrozen, setAnsweredFrozen] = useState<boolean | undefined>(undefined);
  useEffect(() => setAnsweredFrozen(undefined), [record?.frozen]);
  const frozen = answeredFrozen ?? Boolean(record?.frozen);
  if (!record || permissions !== 'admin' || record.status !== 'active') return null;
  const run = async (action: 'block' | 'freeze' | 'unfreeze', body?: Record<string, string>) => {
    const answer = await runAction(() => cardAction(String(record.id), action, body), 'Card updated');
    if (!answer) return;
    if (answer.card) setAnsweredFrozen(answer.card.frozen);
    setBlockOpen(false);
  };
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <Stack direction="row" spacing={1} onClick={stop} sx={{ whiteSpace: 'nowrap' }}>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => run(frozen ? 'unfreeze' : 'freeze')}>
        {frozen ? 'Unfreeze' : 'Freeze'}
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => setBlockOpen(true)}>
        Block
      </Button>
      <ReasonDialog
        open={blockOpen}
        title={`Block card ending ${String(record.last4)}`}
        reasonLabel="Reason (shown to the customer)"
        required
        confirmLabel="Block card"
        busyLabel="Blocking..."
        color="error"
        busy={busy}
        onClose={() => setBlockOpen(false)}
        onConfirm={(reason) => run('block', { reason: reason ?? '' })}
      >
        A blocked card declines every payment for good; the customer cannot unfreeze it. Use it for a lost or stolen card or fraud.
      </ReasonDialog>
    </Stack>
  );
}
