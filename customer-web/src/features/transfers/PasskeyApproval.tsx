import { useEffect, useState } from 'react';
import { Button, Divider, Stack, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api, idempotent, newIdempotencyKey, opaque, undeclared } from '../../api/client';
import { passkeyErrorMessage } from '../../auth/passkey-errors';

/**
 * Approve the payment with a passkey instead of the e-mailed code and the PIN (the device, unlocked by the
 * customer's fingerprint or device PIN: two factors). Shown only to customers who have a passkey; the server
 * issues a challenge for this payment alone.
 */
export function PasskeyApproval({ transferId, onApproved, onError }: { transferId: string; onApproved: () => void; onError: (message: string) => void }) {
  const [available, setAvailable] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .GET('/v1/auth/passkeys')
      .then((res) => live && setAvailable(res.passkeys.length > 0))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!available) return null;

  const approve = async () => {
    setBusy(true);
    try {
      const { options } = await api.POST('/v1/transfer/passkey-options', { body: { transferId } });
      const response = await startAuthentication({ optionsJSON: undeclared<PublicKeyCredentialRequestOptionsJSON>(options) });
      await api.POST('/v1/transfer/confirm-passkey', { body: { transferId, response: opaque(response) }, headers: idempotent(newIdempotencyKey()) });
      onApproved();
    } catch (err) {
      onError(passkeyErrorMessage(err, 'Passkey approval was cancelled'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <Divider>
        <Typography variant="body2" color="text.secondary">
          or
        </Typography>
      </Divider>
      <Button variant="outlined" startIcon={<KeyIcon />} onClick={approve} disabled={busy}>
        {busy ? 'Waiting for your passkey...' : 'Approve with a passkey'}
      </Button>
    </Stack>
  );
}
