import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { ACCOUNT_TYPES, ENROLMENT_CURRENCIES, INCOME_RANGES, OCCUPATIONS, enrolmentAccountSchema, enrolmentEmploymentSchema, enrolmentPersonalSchema } from '@strongroom/shared';
import { api, ApiError } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';
import { FormField } from '../../components/FormField';
import { useCountries } from '../regions/regions';
import { ResidenceFields } from '../regions/RegionFields';
import { STORE_KEY, readStore, reviewRows, stepErrors, type Part, type Secrets, type Stored } from './enrolment-store';
import { NewPasswordField } from '../../components/PasswordStrengthMeter';

const STEPS = ['Personal Information', 'Employment Information', 'Account Information', 'Completed'];
const SCREEN_READER_ONLY = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;
const PERSONAL_FIELDS = ['firstName', 'middleName', 'lastName', 'dob', 'country', 'state', 'city', 'zipcode', 'phone', 'email', 'address'];
const EMPLOYMENT_FIELDS = ['occupation', 'incomeRange'];
const ACCOUNT_FIELDS = ['accountType', 'currency', 'transactionPin', 'password', 'passport'];

export default function RegisterPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [stored, setStored] = useState<Stored>(readStore);
  const countries = useCountries();
  const [active, setActive] = useState(0);
  const [passport, setPassport] = useState<File | null>(null);
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  // Each step starts at the top: on a phone the button that moved us on sits far below the next form.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [active]);

  const [previewFailed, setPreviewFailed] = useState(false);
  const previewUrl = useMemo(() => (passport ? URL.createObjectURL(passport) : null), [passport]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const save = <K extends keyof Stored>(key: K, values: NonNullable<Stored[K]>, message: string) => {
    const next = { ...stored, [key]: values };
    sessionStorage.setItem(STORE_KEY, JSON.stringify(next));
    setStored(next);
    enqueueSnackbar(message, { variant: 'success' });
    setActive((s) => s + 1);
  };

  const submit = async () => {
    const { personal, employment, account } = stored;
    if (!personal || !employment || !account) {
      enqueueSnackbar('Please fill in all fields', { variant: 'error' });
      setActive(0);
      return;
    }
    // Saved parts survive a reload, the password, PIN and photo do not: back to the step that asks for them.
    if (!secrets || !passport) {
      enqueueSnackbar(secrets ? 'Please upload a passport photograph' : 'Please fill in all fields', { variant: 'error' });
      setActive(2);
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...personal, ...employment, ...account, ...secrets })) {
      if (v !== '' && v !== undefined) form.append(k, v);
    }
    form.append('image', passport);
    setSubmitting(true);
    setServerErrors({});
    try {
      await api.post('/auth/register', form);
      sessionStorage.removeItem(STORE_KEY);
      enqueueSnackbar('Application submitted successfully', { variant: 'success' });
      setDone(personal.email);
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
      const { image, ...fieldErrors } = (err instanceof ApiError && err.errors) || {};
      const errors: Record<string, string> = image ? { ...fieldErrors, passport: image } : fieldErrors;
      setServerErrors(errors);
      const fields = Object.keys(errors);
      if (fields.some((f) => PERSONAL_FIELDS.includes(f))) setActive(0);
      else if (fields.some((f) => EMPLOYMENT_FIELDS.includes(f))) setActive(1);
      else if (fields.some((f) => ACCOUNT_FIELDS.includes(f))) setActive(2);
    } finally {
      setSubmitting(false);
    }
  };

  const personalInitial: Part = { firstName: '', middleName: '', lastName: '', dob: '', country: '', state: '', city: '', zipcode: '', phone: '', email: '', address: '', ...stored.personal };
  const employmentInitial: Part = { occupation: '', incomeRange: '', ...stored.employment };
  // undefined, not null, when no photo: the schema then says 'Please upload a passport photograph'.
  const accountInitial = { accountType: '', currency: '', transactionPin: '', password: '', ...stored.account, ...secrets, passport: (passport ?? undefined) as unknown as string };
  const stepDone = [!!stored.personal, !!stored.employment, !!stored.account && !!secrets && !!passport, false];

  return (
    <AuthLayout title="Open your account" description="Four short steps. Have a valid ID (passport photo) and proof of address to hand." maxWidth="md">
      <Stepper nonLinear activeStep={active} alternativeLabel sx={{ mb: 4 }}>
        {STEPS.map((label, i) => (
          <Step key={label} completed={stepDone[i]}>
            <StepButton onClick={() => setActive(i)}>
              {/* On a phone only the numbers show; the label stays for screen readers. */}
              <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: SCREEN_READER_ONLY })}>
                {label}
              </Box>
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Typography variant="h6" component="h2" fontWeight={700} sx={{ mb: 2 }}>
        <Box component="span" sx={{ display: { sm: 'none' }, color: 'text.secondary', fontWeight: 500 }}>
          Step {active + 1} of {STEPS.length}:{' '}
        </Box>
        {active === 3 ? 'Review and submit' : STEPS[active]}
      </Typography>

      {active === 0 && (
        <Formik
          initialValues={personalInitial}
          {...stepErrors(serverErrors, PERSONAL_FIELDS)}
          validationSchema={enrolmentPersonalSchema}
          onSubmit={(v) => save('personal', v, 'Personal information saved')}
        >
          <Form noValidate>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="firstName" label="First name" autoComplete="given-name" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="middleName" label="Middle name (optional)" autoComplete="additional-name" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="lastName" label="Last name" autoComplete="family-name" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="dob" label="Date of birth" type="date" InputLabelProps={{ shrink: true }} inputProps={{ max: new Date().toISOString().slice(0, 10) }} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="email" label="Email" type="email" autoComplete="email" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="phone" label="Phone number" type="tel" autoComplete="tel" />
              </Grid>
              <ResidenceFields addressLabel="Residential address" />
            </Grid>
            <Stack direction="row" justifyContent="flex-end" sx={{ mt: 3 }}>
              <Button type="submit" variant="contained">
                Save and continue
              </Button>
            </Stack>
          </Form>
        </Formik>
      )}

      {active === 1 && (
        <Formik
          initialValues={employmentInitial}
          {...stepErrors(serverErrors, EMPLOYMENT_FIELDS)}
          validationSchema={enrolmentEmploymentSchema}
          onSubmit={(v) => save('employment', v, 'Employment information saved')}
        >
          <Form noValidate>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="occupation" label="Occupation" select>
                  {OCCUPATIONS.map((o) => (
                    <MenuItem key={o} value={o}>
                      {o}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="incomeRange" label="Annual income" select>
                  {INCOME_RANGES.map((o) => (
                    <MenuItem key={o} value={o}>
                      {o}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
            </Grid>
            <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
              <Button onClick={() => setActive(0)}>Back</Button>
              <Button type="submit" variant="contained">
                Save and continue
              </Button>
            </Stack>
          </Form>
        </Formik>
      )}

      {active === 2 && (
        <Formik
          initialValues={accountInitial}
          {...stepErrors(serverErrors, ACCOUNT_FIELDS)}
          validationSchema={enrolmentAccountSchema}
          onSubmit={({ accountType, currency, transactionPin, password }) => {
            setSecrets({ transactionPin, password });
            save('account', { accountType, currency }, 'Account information saved');
          }}
        >
          {({ setFieldValue, setFieldTouched, errors, touched }) => (
            <Form noValidate>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormField name="accountType" label="Account type" select>
                    {ACCOUNT_TYPES.map((o) => (
                      <MenuItem key={o} value={o}>
                        {o.replace(/^\w/, (c) => c.toUpperCase())}
                      </MenuItem>
                    ))}
                  </FormField>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormField name="currency" label="Currency" select>
                    {ENROLMENT_CURRENCIES.map((o) => (
                      <MenuItem key={o} value={o}>
                        {o}
                      </MenuItem>
                    ))}
                  </FormField>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormField
                    name="transactionPin"
                    label="Transaction PIN (4 digits)"
                    type="password"
                    // No maxLength: the browser would cut a pasted '12-34' before the digits are picked out.
                    inputProps={{ inputMode: 'numeric', pattern: '[0-9]*' }}
                    onChange={(e) => setFieldValue('transactionPin', e.target.value.replace(/\D/g, '').slice(0, 4))}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <NewPasswordField name="password" label="Password" />
                </Grid>
                <Grid size={{ xs: 12 }}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ minHeight: 56 }}>
                    <Button variant="outlined" component="label">
                      {passport ? 'Change passport photo' : 'Upload passport photograph'}
                      <input
                        hidden
                        type="file"
                        name="passport"
                        accept="image/png,image/jpeg"
                        onChange={(e) => {
                          const file = e.target.files?.[0] ?? null;
                          setPassport(file);
                          setPreviewFailed(false);
                          void setFieldValue('passport', file ?? undefined, true);
                          void setFieldTouched('passport', true, false);
                        }}
                      />
                    </Button>
                    {passport && previewUrl && (
                      <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
                        <Box
                          component="img"
                          src={previewUrl}
                          alt="Passport preview"
                          onError={() => setPreviewFailed(true)}
                          sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: previewFailed ? 'none' : 'block' }}
                        />
                        <Typography variant="body2" noWrap>
                          {passport.name}
                        </Typography>
                      </Stack>
                    )}
                    {(!passport || previewFailed) && (
                      <Typography variant="body2" color={previewFailed ? 'warning.main' : 'text.secondary'}>
                        {previewFailed ? 'This file cannot be shown as a photo. Please choose a JPG or PNG image.' : 'JPG or PNG, 5 MB or less.'}
                      </Typography>
                    )}
                  </Stack>
                  {touched.passport && errors.passport && (
                    <Typography color="error" variant="caption" role="alert" sx={{ display: 'block', mx: 1.75, mt: 0.5 }}>
                      {String(errors.passport)}
                    </Typography>
                  )}
                  {stored.account && (!passport || !secrets) && (
                    <Alert severity="info" sx={{ mt: 1 }}>
                      For your security your password, PIN and passport photo are not kept when the page reloads: please enter them again.
                    </Alert>
                  )}
                </Grid>
              </Grid>
              <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
                <Button onClick={() => setActive(1)}>Back</Button>
                <Button type="submit" variant="contained">
                  Save and continue
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      )}

      {active === 3 && (
        <Box>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Check your details, then submit your application. We will e-mail your account number and a code to verify your e-mail address.
          </Typography>
          <Grid container spacing={1} sx={{ mb: 3 }}>
            {reviewRows(stored, passport, countries).map(([k, v]) => (
              <Grid key={k} size={{ xs: 12, sm: 6 }}>
                <Typography variant="caption" color="text.secondary">
                  {k}
                </Typography>
                <Typography>{v}</Typography>
              </Grid>
            ))}
          </Grid>
          <Stack direction="row" justifyContent="space-between">
            <Button onClick={() => setActive(2)}>Back</Button>
            <Button variant="contained" onClick={submit} disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit application'}
            </Button>
          </Stack>
        </Box>
      )}

      <Dialog open={!!done} aria-labelledby="enrolment-done-title">
        <DialogTitle id="enrolment-done-title">Application submitted</DialogTitle>
        <DialogContent>
          <Typography>
            We have e-mailed your account number and a 6-digit verification code to <strong>{done}</strong>. Verify your e-mail, then sign in with your account number and password. We will let you
            know as soon as your application is approved.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => navigate(`/auth/verify?email=${encodeURIComponent(done ?? '')}`)}>Verify e-mail</Button>
          <Button variant="contained" onClick={() => navigate('/auth/login')}>
            Go to login
          </Button>
        </DialogActions>
      </Dialog>
    </AuthLayout>
  );
}
