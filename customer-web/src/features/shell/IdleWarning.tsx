import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { api, lastSessionActivity } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { IDLE_WARNING_MS, SIGNED_OUT_REASON_KEY, watchIdle } from '@strongroom/shared';

/**
 * Before the server ends an idle session (docs/decisions/0052), the customer is asked whether they are still there,
 * with the seconds left; "Stay signed in" reaches the server, which restarts its clock. Left unanswered, the app signs
 * out itself and says why, rather than failing on the next click. Activity in any tab counts (the shared clock in
 * localStorage), so a second tab does not sign out a customer busy in the first.
 */
export function IdleWarning() {
  const { logout } = useAuth();
  const [remainingMs, setRemainingMs] = useState(Number.POSITIVE_INFINITY);
  const [extending, setExtending] = useState(false);

  useEffect(
    () =>
      watchIdle({
        lastActivity: lastSessionActivity,
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
      await api.GET('/v1/auth/check');
    } catch {
      /* a session already gone signs the app out (the client's 401 event); nothing to say here */
    } finally {
      setExtending(false);
    }
  };

  const open = remainingMs <= IDLE_WARNING_MS && remainingMs > 0;
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return (
    <Dialog open={open} aria-labelledby="idle-title" aria-describedby="idle-text" maxWidth="xs" fullWidth>
      <DialogTitle id="idle-title">Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-text">For your security we will sign you out in {seconds} seconds.</DialogContentText>
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
