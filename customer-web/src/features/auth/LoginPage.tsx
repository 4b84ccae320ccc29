import { useEffect, useState } from 'react';
import { Alert, Box, Button, Checkbox, Divider, FormControlLabel, Link, Stack } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { Form, Formik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { SIGNED_OUT_IDLE_MESSAGE, SIGNED_OUT_REASON_KEY, loginSchema } from '@strongroom/shared';
import { api, opaque, undeclared } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { AuthLayout } from '../../components/public/AuthLayout';
import { FormField, applyServerErrors } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { passkeyErrorMessage } from '../../auth/passkey-errors';

/** Sign in with a passkey: no account number, no password; the device proves who it is. */
function PasskeySignIn() {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      const { options } = await api.POST('/v1/auth/passkey-login/options');
      const response = await startAuthentication({ optionsJSON: undeclared<PublicKeyCredentialRequestOptionsJSON>(options) });
      const res = await api.POST('/v1/auth/passkey-login', { body: { response: opaque(response) } });
      setUser(res.user);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      enqueueSnackbar(passkeyErrorMessage(err, 'Passkey sign-in was cancelled'), { variant: 'error' });
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" size="large" startIcon={<KeyIcon />} onClick={signIn} disabled={busy}>
      {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}

export default function LoginPage() {
  const { login, savedAccountNumber } = useAuth();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [remember, setRemember] = useState(!!savedAccountNumber);
  // Signed out by the app after the idle warning went unanswered: said here, where the customer comes back to, once.
  const [signedOutIdle] = useState(() => sessionStorage.getItem(SIGNED_OUT_REASON_KEY) === 'idle');
  useEffect(() => sessionStorage.removeItem(SIGNED_OUT_REASON_KEY), []);

  return (
    <AuthLayout title="Welcome Back" description="Access the online banking panel using your Account number and password.">
      {signedOutIdle && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {SIGNED_OUT_IDLE_MESSAGE}
        </Alert>
      )}
      <Formik
        initialValues={{ accountNumber: savedAccountNumber ?? '', password: '' }}
        validationSchema={loginSchema}
        onSubmit={async (values, { setErrors, setTouched }) => {
          try {
            await login(values.accountNumber.trim(), values.password, remember);
            navigate('/dashboard', { replace: true });
          } catch (err) {
            applyServerErrors(err, setErrors, setTouched);
            enqueueSnackbar((err as Error).message, { variant: 'error' });
          }
        }}
      >
        {({ isSubmitting, setFieldValue }) => (
          <Form noValidate>
            <Stack spacing={2.5}>
              <FormField
                name="accountNumber"
                label="Account Number"
                autoComplete="username"
                inputProps={{ inputMode: 'numeric', pattern: '[0-9]*' }}
                // Digits only, whatever is typed or pasted ('1000 0000 01'); no maxLength, which would cut a paste first.
                onChange={(e) => void setFieldValue('accountNumber', e.target.value.replace(/\D/g, '').slice(0, 10))}
              />
              <PasswordField name="password" label="Password" autoComplete="current-password" />
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
                <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label="Remember me" />
                <Link component={RouterLink} to="/forgot-password">
                  Forgot password?
                </Link>
              </Box>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {isSubmitting ? 'Submitting...' : 'Submit'}
              </Button>
              <Divider>or</Divider>
              <PasskeySignIn />
              <Box sx={{ textAlign: 'center' }}>
                New to Strongroom?{' '}
                <Link component={RouterLink} to="/auth/terms">
                  Create an account
                </Link>
              </Box>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
