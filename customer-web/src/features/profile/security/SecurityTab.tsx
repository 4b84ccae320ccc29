import { useState } from 'react';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { changePasswordSchema } from '@strongroom/shared';
import { api } from '../../../api/client';
import { applyServerErrors } from '../../../components/FormField';
import { PasswordField } from '../../../components/PasswordField';
import { NewPasswordField } from '../../../components/PasswordStrengthMeter';
import { EmailChangeSection } from './EmailChangeSection';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';

function ChangePasswordSection() {
  const { enqueueSnackbar } = useSnackbar();
  const [done, setDone] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
      validationSchema={changePasswordSchema}
      onSubmit={async (values, { resetForm, setErrors, setTouched }) => {
        setDone(null);
        try {
          const res = await api.POST('/v1/auth/change-password', { body: { currentPassword: values.currentPassword, newPassword: values.newPassword } });
          enqueueSnackbar(res.message, { variant: 'success' });
          setDone(res.message);
          resetForm();
        } catch (err) {
          applyServerErrors(err, setErrors, setTouched);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Change password">
          <Typography variant="h6" component="h2" fontWeight={700} gutterBottom>
            Change password
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560 }}>
            Use 12 or more characters (a few unrelated words work well), or a shorter password that is hard to guess. When you change it, every other device signed in to your account is signed out;
            this one stays signed in.
          </Typography>
          {done && (
            <Alert severity="success" sx={{ mb: 2, maxWidth: 560 }} data-testid="password-changed">
              {done}
            </Alert>
          )}
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" />
            <NewPasswordField name="newPassword" label="New password" />
            <PasswordField name="confirmPassword" label="Confirm new password" autoComplete="new-password" />
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Change password'}
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** Profile > Security: password, e-mail address, passkeys, and where the account is signed in. */
export function SecurityTab() {
  return (
    <Stack spacing={4} divider={<Divider flexItem />}>
      <ChangePasswordSection />
      <EmailChangeSection />
      <PasskeysSection />
      <SessionsSection />
    </Stack>
  );
}
