import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, IconButton, InputAdornment, TextField, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useLogin } from 'react-admin';
import { SIGNED_OUT_IDLE_MESSAGE, SIGNED_OUT_REASON_KEY } from '@strongroom/shared';
import { StaffAuthFrame, StaffSubmitButton } from './components/StaffAuthFrame';
import { RecoveryCodesIssued, SignInError, type SecondFactorNeeded } from './providers/auth-provider';

/** The QR code and secret a member adds to their authenticator app at first sign-in. */
function Enrolment({ enrolment }: { enrolment: NonNullable<SecondFactorNeeded['enrolment']> }) {
  return (
    <Box sx={{ textAlign: 'center', my: 2 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Scan this QR code with your authenticator app, or type the key by hand.
      </Typography>
      <img src={enrolment.qrCodeDataUrl} alt="QR code for your authenticator app" width={180} height={180} />
      <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} aria-label="Authenticator key">
        {enrolment.secret}
      </Typography>
    </Box>
  );
}

/** Shown once after enrolment: the member keeps these to sign in without their phone. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Save these recovery codes somewhere safe. Each one signs you in once without your authenticator app. They are shown only now.
      </Alert>
      <Box component="ul" aria-label="Recovery codes" sx={{ columns: 2, fontFamily: 'monospace', pl: 3, mb: 2 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button variant="contained" fullWidth size="large" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </Box>
  );
}

/**
 * Staff sign-in: e-mail and password, then the 6-digit code from the authenticator app (or a recovery code).
 * At first sign-in the member enrols: QR code, first code, then the recovery codes once. The server's own
 * message (wrong password, wrong code, locked) is shown as is.
 */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secondFactor, setSecondFactor] = useState<SecondFactorNeeded | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Signed out by the console's idle warning: said here, once.
  const [signedOutIdle] = useState(() => sessionStorage.getItem(SIGNED_OUT_REASON_KEY) === 'idle');
  useEffect(() => sessionStorage.removeItem(SIGNED_OUT_REASON_KEY), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError('Enter your e-mail and password');
      return;
    }
    if (secondFactor && !otp.trim()) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login({ email: email.trim(), password, otp: otp.trim() || undefined });
    } catch (err) {
      if (err instanceof RecoveryCodesIssued) {
        setRecoveryCodes(err.codes);
      } else {
        if (err instanceof SignInError && err.secondFactor) setSecondFactor(err.secondFactor);
        // The first 'code needed' answer is the next step, not an error.
        setError(err instanceof SignInError && err.secondFactor && !secondFactor ? null : (err as Error)?.message || 'Sign-in failed');
        setOtp('');
      }
      setBusy(false);
    }
  };

  const enrolment = secondFactor?.enrolmentRequired ? secondFactor.enrolment : undefined;
  return (
    <StaffAuthFrame subtitle="Staff sign-in. Every action is recorded in the audit log.">
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => login({ resume: true })} />
      ) : (
        <form onSubmit={submit} noValidate>
          {signedOutIdle && !error && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {SIGNED_OUT_IDLE_MESSAGE}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label="E-mail"
            type="email"
            autoComplete="username"
            autoFocus
            fullWidth
            margin="normal"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy || !!secondFactor}
          />
          <TextField
            label="Password"
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            fullWidth
            margin="normal"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy || !!secondFactor}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={show ? 'Hide password' : 'Show password'} onClick={() => setShow((s) => !s)} edge="end">
                      {show ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          {enrolment && <Enrolment enrolment={enrolment} />}
          {secondFactor && (
            <TextField
              label="Authenticator code"
              helperText={enrolment ? 'The 6-digit code your app shows for Strongroom' : 'The 6-digit code from your authenticator app, or a recovery code'}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              fullWidth
              margin="normal"
              value={otp}
              onChange={(e) => setOtp(e.target.value)}
              disabled={busy}
            />
          )}
          <StaffSubmitButton busy={busy} label={secondFactor ? 'Verify and sign in' : 'Sign in'} busyLabel="Signing in" />
        </form>
      )}
    </StaffAuthFrame>
  );
}
