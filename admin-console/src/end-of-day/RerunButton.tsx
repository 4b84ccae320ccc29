import { useState, type MouseEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { usePermissions, useRecordContext } from 'react-admin';
import { formatCalendarDate } from '../components/format';
import { useStaffAction } from '../components/useStaffAction';
import { rerunDate, type RunRecord } from './run-record';

/**
 * Runs a failed business date again now (the job would also try it on its next run, within five minutes). Admins
 * only (the server refuses auditors too), and only on a failed run; the audit log records who.
 */
export function RerunButton(_props: { label?: string }) {
  const record = useRecordContext<RunRecord>();
  const { permissions } = usePermissions();
  const { busy, run } = useStaffAction();
  const [open, setOpen] = useState(false);
  if (!record || permissions !== 'admin' || record.status !== 'failed') return null;
  const confirm = async () => {
    if (await run(() => rerunDate(record.businessDate), 'The run has started again')) setOpen(false);
  };
  // Clicks inside the button and its dialog (portals bubble through React) must not open the list row.
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <span onClick={stop}>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => setOpen(true)}>
        Run again
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="rerun-title">
        <DialogTitle id="rerun-title">Run {formatCalendarDate(record.businessDate)} again</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The run carries on from where it stopped: accounts already accrued or paid for this date are not touched again. It runs in the background; this page shows its progress when you refresh it.
            The audit log records you.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Starting...' : 'Run again'}
          </Button>
        </DialogActions>
      </Dialog>
    </span>
  );
}
