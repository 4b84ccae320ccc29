import { useState } from 'react';
import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import { useSnackbar } from 'notistack';
import type { UserDto } from '@strongroom/shared';
import { ApiError, api } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { PinDialog } from '../../components/PinDialog';
import { useStateToast } from '../../components/useStateToast';

/**
 * 'Freeze everything': one tap for a lost phone or a fear of fraud. Every card declines and no payment leaves;
 * money still comes in. Undoing it takes the password and the PIN.
 *
 * The confirmation before freezing; on success the user (frozenAt) is refreshed and card lists reload.
 */
export function FreezeEverythingDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { refresh } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const toastState = useStateToast('freeze-everything');
  const [busy, setBusy] = useState(false);
  const freeze = async () => {
    setBusy(true);
    try {
      const res = await api.POST('/v1/account/freeze');
      toastState(res.message);
      onClose();
      await refresh();
      window.dispatchEvent(new Event(FREEZE_CHANGED_EVENT));
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Freeze everything?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          All your cards will decline every payment and no money can leave your account. Money sent to you still arrives. To undo it you will need your password and your transaction PIN.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" onClick={freeze} disabled={busy}>
          {busy ? 'Freezing...' : 'Freeze everything'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function FreezeEverythingButton() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || user.frozenAt) return null;
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<AcUnitIcon />} onClick={() => setOpen(true)}>
        Freeze everything
      </Button>
      <FreezeEverythingDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Lets pages that show cards refresh when Freeze everything changes. */
export const FREEZE_CHANGED_EVENT = 'strongroom:freeze-changed';

function UnfreezeDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { refresh } = useAuth();
  const toastState = useStateToast('freeze-everything');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Payments locked by too many wrong PINs: no PIN is taken until the dialog is opened again.
  const [locked, setLocked] = useState(false);
  const close = () => {
    setLocked(false);
    onClose();
  };
  const submit = async (pin: string) => {
    setBusy(true);
    setErrors({});
    try {
      const res = await api.POST('/v1/account/unfreeze', { body: { password, pin } });
      toastState(res.message);
      setPassword('');
      onClose();
      await refresh();
      window.dispatchEvent(new Event(FREEZE_CHANGED_EVENT));
    } catch (err) {
      const e = err as Error & { errors?: Record<string, string> };
      // A wrong PIN's whole refusal says how many tries are left, which its field error does not.
      setErrors(e.errors?.pin ? { ...e.errors, pin: e.message } : (e.errors ?? { pin: e.message }));
      setLocked(err instanceof ApiError && err.locked);
    } finally {
      setBusy(false);
    }
  };
  return (
    <PinDialog
      open={open}
      title="Unfreeze your account"
      description="Enter your password and transaction PIN to turn your cards and payments back on."
      confirmLabel="Unfreeze"
      busy={busy}
      busyLabel="Unfreezing..."
      error={errors.pin}
      locked={locked}
      ready={!!password}
      focusPin={false}
      onCancel={close}
      onConfirm={submit}
    >
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!errors.password}
        helperText={errors.password}
        autoComplete="current-password"
        autoFocus
      />
    </PinDialog>
  );
}

/** The banner on every signed-in page while Freeze everything is on. */
export function FreezeBanner({ user }: { user: UserDto }) {
  const [open, setOpen] = useState(false);
  if (!user.frozenAt) return null;
  return (
    <>
      <Alert
        severity="error"
        icon={<AcUnitIcon />}
        sx={{ mb: 3 }}
        data-testid="banner-frozen"
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            Unfreeze
          </Button>
        }
      >
        <AlertTitle>Everything is frozen</AlertTitle>
        Your cards decline every payment and no money can leave your account. Money sent to you still arrives.
      </Alert>
      <UnfreezeDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
