import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useSnackbar } from 'notistack';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { formatLongDate } from '@strongroom/shared';
import { api, opaque, undeclared } from '../../../api/client';
import { passkeyErrorMessage } from '../../../auth/passkey-errors';

interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Passkeys: sign in without a password. Add (named), list with created and last used, remove. */
export function PasskeysSection() {
  const { enqueueSnackbar } = useSnackbar();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await api.GET('/v1/auth/passkeys');
    setPasskeys(res.passkeys);
  }, []);
  useEffect(() => {
    load().catch((err: Error) => setError(err.message));
  }, [load]);

  const add = async () => {
    if (!name.trim()) {
      setError('Give this passkey a name');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { options } = await api.POST('/v1/auth/passkeys/registration-options');
      const response = await startRegistration({ optionsJSON: undeclared<PublicKeyCredentialCreationOptionsJSON>(options) });
      await api.POST('/v1/auth/passkeys', { body: { name: name.trim(), response: opaque(response) } });
      enqueueSnackbar('Passkey added', { variant: 'success' });
      setName('');
      await load();
    } catch (err) {
      setError(passkeyErrorMessage(err, 'The passkey was not created (cancelled or timed out).'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: Passkey) => {
    try {
      await api.DELETE('/v1/auth/passkeys/{id}', { params: { path: { id: passkey.id } } });
      enqueueSnackbar(`Passkey ${passkey.name} removed`, { variant: 'success' });
      await load();
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
    }
  };

  return (
    <Box component="section" aria-label="Passkeys">
      <Typography variant="h6" component="h2" fontWeight={700} gutterBottom>
        Passkeys
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560 }}>
        A passkey signs you in with your fingerprint, face or device PIN instead of your password. It stays on your device and cannot be phished.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2, maxWidth: 560 }} role="alert">
          {error}
        </Alert>
      )}
      {passkeys && passkeys.length === 0 && <Typography sx={{ mb: 2 }}>You have no passkeys yet.</Typography>}
      {passkeys && passkeys.length > 0 && (
        <List aria-label="Your passkeys" sx={{ maxWidth: 560 }}>
          {passkeys.map((p) => (
            <ListItem
              key={p.id}
              divider
              secondaryAction={
                <Button color="error" onClick={() => remove(p)} aria-label={`Remove passkey ${p.name}`}>
                  Remove
                </Button>
              }
            >
              <KeyIcon sx={{ mr: 2, color: 'text.secondary' }} />
              <ListItemText primary={p.name} secondary={`Added ${formatLongDate(p.createdAt)} · ${p.lastUsedAt ? `last used ${formatLongDate(p.lastUsedAt)}` : 'never used'}`} sx={{ pr: 10 }} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ maxWidth: 560 }}>
        <TextField label="Passkey name" placeholder="e.g. My laptop" value={name} onChange={(e) => setName(e.target.value)} size="small" inputProps={{ maxLength: 60 }} />
        <Button variant="outlined" onClick={add} disabled={busy}>
          {busy ? 'Waiting for your device...' : 'Add a passkey'}
        </Button>
      </Stack>
    </Box>
  );
}
