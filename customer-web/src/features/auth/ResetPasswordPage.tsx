import { Alert, Button, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { resetPasswordSchema } from '@strongroom/shared';
import { api } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';
import { FormField, applyServerErrors } from '../../components/FormField';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const token = params.get('token') ?? '';
  return (
    <AuthLayout title="Set a new password" description="Use at least 8 characters with upper- and lower-case letters, a number and one of @$!%*?&.">
      {!token && <Alert severity="error" sx={{ mb: 2 }}>This reset link is invalid or has expired</Alert>}
      <Formik
        initialValues={{ token, newPassword: '', confirmPassword: '' }}
        validationSchema={resetPasswordSchema}
        onSubmit={async (values, { setErrors }) => {
          try {
            const res = await api.post<{ message: string }>('/auth/reset-password', { token: values.token, newPassword: values.newPassword });
            enqueueSnackbar(res.message, { variant: 'success' });
            navigate('/auth/login');
          } catch (err) {
            applyServerErrors(err, setErrors);
            enqueueSnackbar((err as Error).message, { variant: 'error' });
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2.5}>
              <FormField name="newPassword" label="New password" type="password" autoComplete="new-password" />
              <FormField name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
              <Button type="submit" variant="contained" disabled={isSubmitting || !token}>
                {isSubmitting ? 'Saving...' : 'Set new password'}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  );
}
