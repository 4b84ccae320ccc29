import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { acceptInvitationSchema, validationErrors } from '@strongroom/shared';
import { StaffAuthFrame, StaffSubmitButton } from '../components/StaffAuthFrame';
import { api } from '../providers/api';
import { errorMessage, fieldErrors } from '../providers/http';

/**
 * The page an invitation's link opens (#/accept-invitation?token=...), signed out: the colleague sets their password
 * twice, checked by the shared schema the server also applies, then signs in and sets up their authenticator app.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      acceptInvitationSchema.validateSync({ token, password, confirmPassword }, { abortEarly: false });
    } catch (err) {
      setErrors(validationErrors(err as Parameters<typeof validationErrors>[0]));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      setDone((await api.POST('/v1/admin/auth/accept-invitation', { body: { token, password } })).message);
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(Object.keys(byField).length > 0 ? byField : { token: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <StaffAuthFrame subtitle="Welcome to the team.">
        <Alert severity="success" sx={{ mb: 2 }}>
          {done}
        </Alert>
        <Button variant="contained" fullWidth size="large" onClick={() => navigate('/login')}>
          Go to sign-in
        </Button>
      </StaffAuthFrame>
    );
  }
  return (
    <StaffAuthFrame subtitle="Set the password you will sign in with. Use 12 or more characters, or a shorter one that is hard to guess.">
      <form onSubmit={submit} noValidate>
        {errors.token && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {errors.token} Ask the admin who invited you for a new one.
          </Alert>
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          margin="normal"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={!!errors.password}
          helperText={errors.password}
          disabled={busy}
        />
        <TextField
          label="Confirm the password"
          type="password"
          autoComplete="new-password"
          fullWidth
          margin="normal"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={!!errors.confirmPassword}
          helperText={errors.confirmPassword}
          disabled={busy}
        />
        <StaffSubmitButton busy={busy} label="Set my password" busyLabel="Saving" />
      </form>
    </StaffAuthFrame>
  );
}
