import { useState } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { resetPasswordSchema } from '@strongroom/shared';
import { ApiError, api } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';
import { applyServerErrors } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { NewPasswordField } from '../../components/PasswordStrengthMeter';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const token = params.get('token') ?? '';
  const [linkError, setLinkError] = useState(token ? '' : 'This reset link is invalid or has expired');
  return (
    <AuthLayout title="Set a new password" description="Use 12 or more characters (a few unrelated words work well), or a shorter password that is hard to guess.">
      {linkError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {linkError}.{' '}
          <Link component={RouterLink} to="/forgot-password">
            Request a new link
          </Link>
        </Alert>
      )}
      <Formik
        initialValues={{ token, newPassword: '', confirmPassword: '' }}
        validationSchema={resetPasswordSchema}
        onSubmit={async (values, { setErrors, setTouched }) => {
          try {
            const res = await api.POST('/v1/auth/reset-password', { body: { token: values.token, newPassword: values.newPassword } });
            enqueueSnackbar(res.message, { variant: 'success' });
            navigate('/auth/login');
          } catch (err) {
            if (err instanceof ApiError && err.errors?.token) setLinkError(err.errors.token);
            applyServerErrors(err, setErrors, setTouched);
            enqueueSnackbar((err as Error).message, { variant: 'error' });
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2.5}>
              <NewPasswordField name="newPassword" label="New password" />
              <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
              <Button type="submit" variant="contained" disabled={isSubmitting || !!linkError}>
                {isSubmitting ? 'Saving...' : 'Set new password'}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
