import { useState } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { forgotPasswordSchema } from '@strongroom/shared';
import { api } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';
import { FormField } from '../../components/FormField';

export default function ForgotPasswordPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <AuthLayout title="Forgot your password?" description="Enter the e-mail address of your account and we will send you a link to set a new password.">
      {sent ? (
        <Alert severity="success">{sent}</Alert>
      ) : (
        <Formik
          initialValues={{ email: '' }}
          validationSchema={forgotPasswordSchema}
          onSubmit={async (values) => {
            try {
              const res = await api.POST('/v1/auth/forgot-password', { body: { email: values.email.trim() } });
              setSent(res.message);
            } catch (err) {
              enqueueSnackbar((err as Error).message, { variant: 'error' });
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack spacing={2.5}>
                <FormField name="email" label="Email" type="email" autoComplete="email" />
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? 'Sending...' : 'Send reset link'}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
      <Link component={RouterLink} to="/auth/login" sx={{ display: 'block', mt: 3 }}>
        Back to login
      </Link>
    </AuthLayout>
  );
}
