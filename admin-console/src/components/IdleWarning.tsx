import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useLogout } from 'react-admin';
import { IDLE_WARNING_MS, SIGNED_OUT_REASON_KEY, watchIdle } from '@strongroom/shared';
import { api } from '../providers/api';
import { lastStaffActivity } from '../providers/http';

/**
 * The console's idle warning (docs/decisions/0052): a minute before the server would end the staff session, the member
 * is asked whether they are still there; "Stay signed in" reaches the server, unanswered the console signs out and
 * its sign-in page says why. Reading a long application is not a request, so it is asked, not assumed.
 */
export function IdleWarning() {
  const logout = useLogout();
  const [remainingMs, setRemainingMs] = useState(Number.POSITIVE_INFINITY);
  const [extending, setExtending] = useState(false);

  useEffect(
    () =>
      watchIdle({
        lastActivity: lastStaffActivity,
        onTick: setRemainingMs,
        onExpire: () => {
          // The sign-in page reads why from here, once.
          sessionStorage.setItem(SIGNED_OUT_REASON_KEY, 'idle');
          void logout();
        },
      }),
    [logout],
  );

  const stay = async () => {
    setExtending(true);
    try {
      await api.GET('/v1/admin/auth/check');
    } catch {
      /* a session already gone: react-admin's next check signs the console out */
    } finally {
      setExtending(false);
    }
  };

  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return (
    <Dialog open={remainingMs > 0 && remainingMs <= IDLE_WARNING_MS} aria-labelledby="staff-idle-title" aria-describedby="staff-idle-text" maxWidth="xs" fullWidth>
      <DialogTitle id="staff-idle-title">Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id="staff-idle-text">For your security the back office signs you out in {seconds} seconds.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void logout()}>Sign out</Button>
        <Button variant="contained" onClick={stay} disabled={extending} autoFocus>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
