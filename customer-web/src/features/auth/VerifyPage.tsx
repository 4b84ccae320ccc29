import { useEffect, useState } from 'react';
import { Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { EMAIL_RE, VERIFICATION_RESEND_SECONDS } from '@strongroom/shared';
import { api } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';

/** DECISIONS D12: the code is e-mailed; the 30-second countdown governs 'Resend code'. */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [seconds, setSeconds] = useState(VERIFICATION_RESEND_SECONDS);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const id = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [seconds]);

  const verify = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Code must be 6 digits');
      return;
    }
    setBusy(true);
    try {
      await api.post('/auth/verify-email', { email: email.trim(), code });
      enqueueSnackbar('Code verified successfully', { variant: 'success' });
      navigate('/auth/login');
    } catch (err) {
      enqueueSnackbar(
        <Box>
          <strong>Code is incorrect</strong>
          <Box>{(err as Error).message === 'Code is incorrect' ? 'Please try again' : (err as Error).message}</Box>
        </Box>,
        { variant: 'error' },
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!EMAIL_RE.test(email.trim())) {
      setError('Enter a valid email address');
      return;
    }
    try {
      const res = await api.post<{ message: string }>('/auth/resend-code', { email: email.trim() });
      enqueueSnackbar(res.message, { variant: 'info' });
      setSeconds(VERIFICATION_RESEND_SECONDS);
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
    }
  };

  return (
    <AuthLayout title="Verify Authenticity" description="We e-mailed you a 6-digit code. Enter it below to verify your e-mail address.">
      <Box component="form" onSubmit={verify} noValidate>
        <Stack spacing={2.5}>
          {!params.get('email') && <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} fullWidth />}
          <TextField
            label="Verification code"
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
              setError('');
            }}
            error={!!error}
            helperText={error || ' '}
            inputProps={{ inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code', style: { letterSpacing: '0.5em', fontSize: '1.4rem', textAlign: 'center' } }}
            fullWidth
          />
          <Box>
            <LinearProgress variant="determinate" value={(seconds / VERIFICATION_RESEND_SECONDS) * 100} aria-hidden />
            <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 1 }}>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {seconds > 0 ? `You can request a new code in ${seconds}s` : "Didn't get it?"}
              </Typography>
              <Button onClick={resend} disabled={seconds > 0}>
                Resend code
              </Button>
            </Stack>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
