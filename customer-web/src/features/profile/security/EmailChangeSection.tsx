import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { emailChangeConfirmSchema, emailChangeRequestSchema } from '@strongroom/shared';
import { api } from '../../../api/client';
import { useAuth } from '../../../auth/AuthContext';
import { FormField, applyServerErrors } from '../../../components/FormField';
import { PasswordField } from '../../../components/PasswordField';

/** A new e-mail address: the current password, then the code sent to the new address. */
export function EmailChangeSection() {
  const { user, setUser } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <Box>
      <Typography variant="h6" component="h2" fontWeight={700} gutterBottom>
        Change e-mail
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560 }}>
        Your e-mail address is {user?.email}. To change it, confirm your password; we send a code to the new address, and tell the old one once it is changed.
      </Typography>
      {done && (
        <Alert severity="success" sx={{ mb: 2, maxWidth: 560 }}>
          {done}
        </Alert>
      )}
      {!sentTo ? (
        <Formik
          initialValues={{ newEmail: '', currentPassword: '' }}
          validationSchema={emailChangeRequestSchema}
          onSubmit={async (values, { setErrors, setTouched }) => {
            setDone(null);
            try {
              const res = await api.POST('/v1/auth/email-change', { body: { newEmail: values.newEmail.trim(), currentPassword: values.currentPassword } });
              enqueueSnackbar(res.message, { variant: 'success' });
              setSentTo(values.newEmail.trim());
            } catch (err) {
              applyServerErrors(err, setErrors, setTouched);
              enqueueSnackbar((err as Error).message, { variant: 'error' });
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Change e-mail">
              <Stack spacing={2} sx={{ maxWidth: 420 }}>
                <FormField name="newEmail" label="New e-mail address" type="email" autoComplete="email" />
                <PasswordField name="currentPassword" label="Password" autoComplete="current-password" />
                <Box>
                  <Button type="submit" variant="outlined" disabled={isSubmitting}>
                    {isSubmitting ? 'Sending...' : 'Send code'}
                  </Button>
                </Box>
              </Stack>
            </Form>
          )}
        </Formik>
      ) : (
        <Formik
          initialValues={{ code: '' }}
          validationSchema={emailChangeConfirmSchema}
          onSubmit={async (values, { setErrors, setTouched }) => {
            try {
              const res = await api.POST('/v1/auth/email-change/confirm', { body: { code: values.code.trim() } });
              setUser(res.user);
              setSentTo(null);
              setDone(res.message);
              enqueueSnackbar(res.message, { variant: 'success' });
            } catch (err) {
              applyServerErrors(err, setErrors, setTouched);
              enqueueSnackbar((err as Error).message, { variant: 'error' });
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Confirm new e-mail">
              <Stack spacing={2} sx={{ maxWidth: 420 }}>
                <Typography>We sent a 6-digit code to {sentTo}.</Typography>
                <FormField name="code" label="Code from the e-mail" autoComplete="one-time-code" inputProps={{ inputMode: 'numeric' }} />
                <Stack direction="row" spacing={1}>
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    {isSubmitting ? 'Confirming...' : 'Confirm new e-mail'}
                  </Button>
                  <Button onClick={() => setSentTo(null)}>Cancel</Button>
                </Stack>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </Box>
  );
}
