import { useEffect, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import {
  ACCOUNT_TYPES,
  ENROLMENT_CURRENCIES,
  INCOME_RANGES,
  OCCUPATIONS,
  PASSPORT_MISSING_MESSAGE,
  PROOF_OF_ADDRESS_MISSING_MESSAGE,
  todayIsoDate,
  enrolmentAccountSchema,
  enrolmentEmploymentSchema,
  enrolmentPersonalSchema,
} from '@strongroom/shared';
import { api, ApiError } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';
import { FormField } from '../../components/FormField';
import { useCountries } from '../regions/regions';
import { ResidenceFields } from '../regions/RegionFields';
import { STORE_KEY, readStore, reviewRows, stepErrors, type Part, type Secrets, type Stored } from './enrolment-store';
import { NewPasswordField } from '../../components/PasswordStrengthMeter';
import { DocumentPhotoField } from './DocumentPhotoField';

const STEPS = ['Personal Information', 'Employment Information', 'Account Information', 'Completed'];
const SCREEN_READER_ONLY = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;
const PERSONAL_FIELDS = ['firstName', 'middleName', 'lastName', 'dob', 'country', 'state', 'city', 'zipcode', 'phone', 'email', 'address'];
const EMPLOYMENT_FIELDS = ['occupation', 'incomeRange'];
const ACCOUNT_FIELDS = ['accountType', 'currency', 'transactionPin', 'password', 'passport', 'proofOfAddress'];

export default function RegisterPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [stored, setStored] = useState<Stored>(readStore);
  const countries = useCountries();
  const [active, setActive] = useState(0);
  const [passport, setPassport] = useState<File | null>(null);
  const [proofOfAddress, setProofOfAddress] = useState<File | null>(null);
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  // Each step starts at the top: on a phone the button that moved us on sits far below the next form.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [active]);

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
    // Saved parts survive a reload, the password, PIN and photos do not: back to the step that asks for them.
    if (!secrets || !passport || !proofOfAddress) {
      enqueueSnackbar(!secrets ? 'Please fill in all fields' : !passport ? PASSPORT_MISSING_MESSAGE : PROOF_OF_ADDRESS_MISSING_MESSAGE, { variant: 'error' });
      setActive(2);
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...personal, ...employment, ...account, ...secrets })) {
      if (v !== '' && v !== undefined) form.append(k, v);
    }
    form.append('image', passport);
    form.append('proofOfAddress', proofOfAddress);
    setSubmitting(true);
    setServerErrors({});
    try {
      await api.post('/auth/register', form);
      sessionStorage.removeItem(STORE_KEY);
      enqueueSnackbar('Application submitted successfully', { variant: 'success' });
      setDone(personal.email);
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
      // The server names the passport `image` (the API's field); the form calls it `passport`.
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
  // undefined, not null, when no photo: the schema then says 'Please upload a passport photograph' (or a proof of address).
  const accountInitial = {
    accountType: '',
    currency: '',
    transactionPin: '',
    password: '',
    ...stored.account,
    ...secrets,
    passport: (passport ?? undefined) as unknown as string,
    proofOfAddress: (proofOfAddress ?? undefined) as unknown as string,
  };
  const stepDone = [!!stored.personal, !!stored.employment, !!stored.account && !!secrets && !!passport && !!proofOfAddress, false];

  return (
    <AuthLayout
      title="Open your account"
      description="Four short steps. Have a photo of your passport and a proof of address (a recent utility bill, bank or tax letter: a photo or the PDF it came as) to hand."
      maxWidth="md"
    >
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
                <FormField name="dob" label="Date of birth" type="date" InputLabelProps={{ shrink: true }} inputProps={{ max: todayIsoDate() }} />
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
          {({ setFieldValue, setFieldTouched, errors, touched }) => {
            /** A photo's field: the file kept in memory (never stored), the form told of it, its message once touched. */
            const photoField = (name: 'passport' | 'proofOfAddress', file: File | null, keep: (file: File | null) => void) => ({
              name,
              file,
              onPick: (picked: File | null) => {
                keep(picked);
                void setFieldValue(name, picked ?? undefined, true);
                void setFieldTouched(name, true, false);
              },
              error: touched[name] && errors[name] ? String(errors[name]) : undefined,
            });
            return (
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
                    <DocumentPhotoField
                      {...photoField('passport', passport, setPassport)}
                      uploadLabel="Upload passport photograph"
                      changeLabel="Change passport photo"
                      previewAlt="Passport preview"
                      hint="JPG or PNG, 5 MB or less."
                    />
                  </Grid>
                  <Grid size={{ xs: 12 }}>
                    <DocumentPhotoField
                      {...photoField('proofOfAddress', proofOfAddress, setProofOfAddress)}
                      uploadLabel="Upload proof of address"
                      changeLabel="Change proof of address"
                      previewAlt="Proof of address preview"
                      pdfAllowed
                      hint="A utility bill, bank or tax letter from the last three months showing your name and address: a photo (JPG or PNG) or the PDF it came as, 5 MB or less."
                    />
                    {stored.account && (!passport || !proofOfAddress || !secrets) && (
                      <Alert severity="info" sx={{ mt: 1 }}>
                        For your security your password, PIN and document photos are not kept when the page reloads: please enter them again.
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
            );
          }}
        </Formik>
      )}

      {active === 3 && (
        <Box>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Check your details, then submit your application. We will e-mail your account number and a code to verify your e-mail address.
          </Typography>
          <Grid container spacing={1} sx={{ mb: 3 }}>
            {reviewRows(stored, { passport, proofOfAddress }, countries).map(([k, v]) => (
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
