import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import type { ValidationError } from 'yup';
import { VERIFICATION_RESEND_SECONDS, resendCodeSchema, verifyEmailSchema } from '@strongroom/shared';
import { ApiError, api } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';

/** The first message of a shared schema for these values, per field. */
function firstErrors(schema: typeof verifyEmailSchema | typeof resendCodeSchema, values: Record<string, string>): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (err) {
    const out: Record<string, string> = {};
    for (const e of (err as ValidationError).inner) if (e.path && !out[e.path]) out[e.path] = e.message;
    return out;
  }
}

/** docs/decisions/0009: the code is e-mailed; the 30-second countdown governs 'Resend code'. */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const emailFromLink = params.get('email');
  const [seconds, setSeconds] = useState(VERIFICATION_RESEND_SECONDS);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const id = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [seconds]);

  const verify = async (e: React.FormEvent) => {
    e.preventDefault();
    const values = { email: email.trim(), code };
    const found = firstErrors(verifyEmailSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await api.POST('/v1/auth/verify-email', { body: values });
      enqueueSnackbar(res.message || 'Code verified successfully', { variant: 'success' });
      navigate('/auth/login');
    } catch (err) {
      const message = (err as Error).message;
      if (err instanceof ApiError && err.errors?.email) setErrors({ email: err.errors.email });
      enqueueSnackbar(
        message === 'Code is incorrect' ? (
          <Box>
            <strong>Code is incorrect</strong>
            <Box>Please try again</Box>
          </Box>
        ) : (
          message
        ),
        { variant: 'error' },
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    const found = firstErrors(resendCodeSchema, { email: email.trim() });
    setErrors(found);
    if (found.email) return;
    try {
      const res = await api.POST('/v1/auth/resend-code', { body: { email: email.trim() } });
      enqueueSnackbar(res.message, { variant: 'info' });
      setSeconds(VERIFICATION_RESEND_SECONDS);
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
    }
  };

  return (
    <AuthLayout
      title="Verify Authenticity"
      description={
        emailFromLink
          ? `We e-mailed a 6-digit code to ${emailFromLink}. Enter it below to verify your e-mail address.`
          : 'We e-mailed you a 6-digit code. Enter your e-mail address and the code to verify it.'
      }
    >
      <Box component="form" onSubmit={verify} noValidate>
        <Stack spacing={2.5}>
          {!emailFromLink && (
            <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={!!errors.email} helperText={errors.email} fullWidth />
          )}
          {emailFromLink && errors.email && <Alert severity="error">{errors.email}</Alert>}
          <TextField
            label="Verification code"
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
              setErrors(({ code: _code, ...rest }) => rest);
            }}
            error={!!errors.code}
            helperText={errors.code || ' '}
            // No maxLength: a code pasted as '123 456' must keep all six digits.
            inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', style: { letterSpacing: '0.5em', fontSize: '1.4rem', textAlign: 'center' } }}
            fullWidth
          />
          <Box>
            <LinearProgress variant="determinate" value={(seconds / VERIFICATION_RESEND_SECONDS) * 100} aria-hidden />
            <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 1 }}>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {seconds > 0 ? `You can request a new code in ${seconds}s` : "Didn't get it?"}
              </Typography>
              <Button onClick={resend} disabled={seconds > 0} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                Resend code
              </Button>
            </Stack>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
          <Typography variant="body2" textAlign="center">
            Already verified?{' '}
            <Link component={RouterLink} to="/auth/login">
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
