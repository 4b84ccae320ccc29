import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
} from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { Country, State } from 'country-state-city';
import {
  ACCOUNT_TYPES,
  ENROLMENT_CURRENCIES,
  INCOME_RANGES,
  OCCUPATIONS,
  enrolmentAccountShape,
  enrolmentEmploymentSchema,
  enrolmentPersonalSchema,
  passportField,
  strictObject,
} from '@strongroom/shared';
import { api, ApiError } from '../../api/client';
import { AuthLayout } from '../../components/public/AuthLayout';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';

const STEPS = ['Personal Information', 'Employment Information', 'Account Information', 'Completed'];
const STORE_KEY = 'enrolment';
const PERSONAL_FIELDS = ['firstName', 'middleName', 'lastName', 'dob', 'country', 'state', 'city', 'zipcode', 'phone', 'email', 'address'];
const EMPLOYMENT_FIELDS = ['occupation', 'incomeRange'];

type Part = Record<string, string>;
interface Stored {
  personal?: Part;
  employment?: Part;
  account?: Part;
}

function readStore(): Stored {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Stored;
  } catch {
    return {};
  }
}

const accountFormSchema = strictObject({ ...enrolmentAccountShape, passport: passportField() });
const COUNTRIES = Country.getAllCountries();

function StateField() {
  const { values, setFieldValue } = useFormikContext<Part>();
  const states = useMemo(() => (values.country ? State.getStatesOfCountry(values.country) : []), [values.country]);
  if (states.length === 0) return <FormField name="state" label="State/Province" />;
  return (
    <FormField name="state" label="State/Province" select onChange={(e) => setFieldValue('state', e.target.value)}>
      {states.map((s) => (
        <MenuItem key={s.isoCode} value={s.name}>
          {s.name}
        </MenuItem>
      ))}
    </FormField>
  );
}

function CountryField() {
  const { setFieldValue } = useFormikContext<Part>();
  return (
    <FormField
      name="country"
      label="Country"
      select
      onChange={(e) => {
        setFieldValue('country', e.target.value);
        setFieldValue('state', '');
      }}
      SelectProps={{ MenuProps: { PaperProps: { sx: { maxHeight: 320 } } } }}
    >
      {COUNTRIES.map((c) => (
        <MenuItem key={c.isoCode} value={c.isoCode}>
          {c.flag} {c.name}
        </MenuItem>
      ))}
    </FormField>
  );
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [stored, setStored] = useState<Stored>(readStore);
  const [active, setActive] = useState(0);
  const [passport, setPassport] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const save = (key: keyof Stored, values: Part, message: string) => {
    const next = { ...stored, [key]: values };
    sessionStorage.setItem(STORE_KEY, JSON.stringify(next));
    setStored(next);
    enqueueSnackbar(message, { variant: 'success' });
    setActive((s) => s + 1);
  };

  const submit = async () => {
    const { personal, employment, account } = stored;
    if (!personal || !employment || !account || !passport) {
      enqueueSnackbar('Please fill in all fields', { variant: 'error' });
      setActive(0);
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...personal, ...employment, ...account })) {
      if (v !== '' && v !== undefined) form.append(k, v);
    }
    form.append('image', passport);
    setSubmitting(true);
    try {
      await api.post('/auth/register', form);
      sessionStorage.removeItem(STORE_KEY);
      enqueueSnackbar('Application submitted successfully', { variant: 'success' });
      setDone(personal.email);
    } catch (err) {
      enqueueSnackbar((err as Error).message, { variant: 'error' });
      const fields = Object.keys((err as ApiError).errors ?? {});
      if (fields.some((f) => PERSONAL_FIELDS.includes(f))) setActive(0);
      else if (fields.some((f) => EMPLOYMENT_FIELDS.includes(f))) setActive(1);
      else if (fields.length > 0) setActive(2);
    } finally {
      setSubmitting(false);
    }
  };

  const personalInitial: Part = { firstName: '', middleName: '', lastName: '', dob: '', country: '', state: '', city: '', zipcode: '', phone: '', email: '', address: '', ...stored.personal };
  const employmentInitial: Part = { occupation: '', incomeRange: '', ...stored.employment };
  const accountInitial = { accountType: '', currency: '', transactionPin: '', password: '', ...stored.account, passport: passport as unknown as string };

  return (
    <AuthLayout title="Open your account" description="Four short steps. Have a valid ID (passport photo) and proof of address to hand." maxWidth="md">
      <Stepper nonLinear activeStep={active} alternativeLabel sx={{ mb: 4 }}>
        {STEPS.map((label, i) => (
          <Step key={label} completed={(i === 0 && !!stored.personal) || (i === 1 && !!stored.employment) || (i === 2 && !!stored.account && !!passport)}>
            <StepButton onClick={() => setActive(i)}>
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {label}
              </Box>
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Typography variant="h6" fontWeight={700} sx={{ mb: 2 }}>
        {STEPS[active]}
      </Typography>

      {active === 0 && (
        <Formik initialValues={personalInitial} validationSchema={enrolmentPersonalSchema} onSubmit={(v) => save('personal', v, 'Personal information saved')}>
          <Form noValidate>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}><FormField name="firstName" label="First name" autoComplete="given-name" /></Grid>
              <Grid size={{ xs: 12, sm: 4 }}><FormField name="middleName" label="Middle name (optional)" autoComplete="additional-name" /></Grid>
              <Grid size={{ xs: 12, sm: 4 }}><FormField name="lastName" label="Last name" autoComplete="family-name" /></Grid>
              <Grid size={{ xs: 12, sm: 6 }}><FormField name="dob" label="Date of birth" type="date" InputLabelProps={{ shrink: true }} /></Grid>
              <Grid size={{ xs: 12, sm: 6 }}><FormField name="email" label="Email" type="email" autoComplete="email" /></Grid>
              <Grid size={{ xs: 12, sm: 6 }}><CountryField /></Grid>
              <Grid size={{ xs: 12, sm: 6 }}><StateField /></Grid>
              <Grid size={{ xs: 12, sm: 6 }}><FormField name="city" label="City" autoComplete="address-level2" /></Grid>
              <Grid size={{ xs: 12, sm: 6 }}><FormField name="zipcode" label="Zip/Postal code" autoComplete="postal-code" /></Grid>
              <Grid size={{ xs: 12, sm: 6 }}><FormField name="phone" label="Phone number" type="tel" autoComplete="tel" /></Grid>
              <Grid size={{ xs: 12 }}><FormField name="address" label="Residential address" autoComplete="street-address" /></Grid>
            </Grid>
            <Stack direction="row" justifyContent="flex-end" sx={{ mt: 3 }}>
              <Button type="submit" variant="contained">Save and continue</Button>
            </Stack>
          </Form>
        </Formik>
      )}

      {active === 1 && (
        <Formik initialValues={employmentInitial} validationSchema={enrolmentEmploymentSchema} onSubmit={(v) => save('employment', v, 'Employment information saved')}>
          <Form noValidate>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="occupation" label="Occupation" select>
                  {OCCUPATIONS.map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
                </FormField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="incomeRange" label="Annual income" select>
                  {INCOME_RANGES.map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
                </FormField>
              </Grid>
            </Grid>
            <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
              <Button onClick={() => setActive(0)}>Back</Button>
              <Button type="submit" variant="contained">Save and continue</Button>
            </Stack>
          </Form>
        </Formik>
      )}

      {active === 2 && (
        <Formik
          initialValues={accountInitial}
          validationSchema={accountFormSchema}
          onSubmit={({ passport: _file, ...v }) => save('account', v as Part, 'Account information saved')}
        >
          {({ setFieldValue, setFieldTouched, errors, touched }) => (
            <Form noValidate>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormField name="accountType" label="Account type" select>
                    {ACCOUNT_TYPES.map((o) => <MenuItem key={o} value={o}>{o.replace(/^\w/, (c) => c.toUpperCase())}</MenuItem>)}
                  </FormField>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormField name="currency" label="Currency" select>
                    {ENROLMENT_CURRENCIES.map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
                  </FormField>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormField
                    name="transactionPin"
                    label="Transaction PIN (4 digits)"
                    type="password"
                    inputProps={{ inputMode: 'numeric', maxLength: 4, pattern: '[0-9]*' }}
                    onChange={(e) => setFieldValue('transactionPin', e.target.value.replace(/\D/g, '').slice(0, 4))}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <PasswordField name="password" label="Password" autoComplete="new-password" />
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
                          void setFieldValue('passport', file, true);
                          void setFieldTouched('passport', true, false);
                        }}
                      />
                    </Button>
                    {passport && (
                      <Stack direction="row" spacing={1} alignItems="center">
                        <Box component="img" src={URL.createObjectURL(passport)} alt="Passport preview" sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }} />
                        <Typography variant="body2">{passport.name}</Typography>
                      </Stack>
                    )}
                  </Stack>
                  {touched.passport && errors.passport && (
                    <Typography color="error" variant="caption" role="alert">
                      {String(errors.passport)}
                    </Typography>
                  )}
                  {!passport && stored.account && (
                    <Alert severity="info" sx={{ mt: 1 }}>For your privacy the photo is not kept when the page reloads: please re-select your passport photo.</Alert>
                  )}
                </Grid>
              </Grid>
              <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
                <Button onClick={() => setActive(1)}>Back</Button>
                <Button type="submit" variant="contained">Save and continue</Button>
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
            {[
              ['Name', stored.personal ? `${stored.personal.firstName} ${stored.personal.middleName ?? ''} ${stored.personal.lastName}`.replace(/\s+/g, ' ') : '—'],
              ['Email', stored.personal?.email ?? '—'],
              ['Occupation', stored.employment?.occupation ?? '—'],
              ['Account', stored.account ? `${stored.account.accountType} · ${stored.account.currency}` : '—'],
              ['Passport photo', passport ? passport.name : '—'],
            ].map(([k, v]) => (
              <Grid key={k} size={{ xs: 12, sm: 6 }}>
                <Typography variant="caption" color="text.secondary">{k}</Typography>
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
            We have e-mailed your account number and a 6-digit verification code to <strong>{done}</strong>. Verify your e-mail, then sign in with your account number and password. We will let you know as soon as your application is approved.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => navigate(`/auth/verify?email=${encodeURIComponent(done ?? '')}`)}>Verify e-mail</Button>
          <Button variant="contained" onClick={() => navigate('/auth/login')}>Go to login</Button>
        </DialogActions>
      </Dialog>
    </AuthLayout>
  );
}
