import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { renameAccount } from './accounts-api';

const MAX_NAME = 40;

/** Renames an account: the name the holders see for it, nothing a payer uses. */
export function RenameDialog({ open, accountId, name, onClose, onRenamed }: { open: boolean; accountId: string; name: string; onClose(): void; onRenamed(): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [value, setValue] = useState(name);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setValue(name);
      setError('');
    }
  }, [open, name]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    if (!next) return setError('Enter a name');
    setBusy(true);
    try {
      await renameAccount(accountId, next);
      enqueueSnackbar('Account renamed', { variant: 'success' });
      onRenamed();
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Rename account</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              fullWidth
              label="Account name"
              value={value}
              onChange={(e) => {
                setValue(e.target.value.slice(0, MAX_NAME));
                setError('');
              }}
              error={!!error}
              helperText={error || `${value.length}/${MAX_NAME}`}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
