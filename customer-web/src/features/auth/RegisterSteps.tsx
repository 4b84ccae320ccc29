// The four steps of RegisterPage's enrolment, each a form of its own (the page keeps what they saved and submits).
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_TYPES, ENROLMENT_CURRENCIES, INCOME_RANGES, OCCUPATIONS, todayIsoDate, enrolmentAccountSchema, enrolmentEmploymentSchema, enrolmentPersonalSchema } from '@strongroom/shared';
import { FormField, SelectField } from '../../components/FormField';
import { ResidenceFields } from '../regions/RegionFields';
import { NewPasswordField } from '../../components/PasswordStrengthMeter';
import { DocumentPhotoField } from './DocumentPhotoField';
import { stepErrors, type Part, type Secrets, type Stored } from './enrolment-store';

export const STEPS = ['Personal Information', 'Employment Information', 'Account Information', 'Completed'];
const SCREEN_READER_ONLY = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;
export const PERSONAL_FIELDS = ['firstName', 'middleName', 'lastName', 'dob', 'country', 'state', 'city', 'zipcode', 'phone', 'email', 'address'];
export const EMPLOYMENT_FIELDS = ['occupation', 'incomeRange'];
/** What each enrolment choice opens: the first account, from which the others are opened later. */
const ACCOUNT_TYPE_HELP: Record<string, string> = {
  savings: 'A savings account in the currency you choose',
  checking: 'A current account for everyday payments',
  'fixed deposit': 'We open a savings account to hold your money; term deposits are opened from it',
  business: 'A business account, reviewed with your application',
};

export const ACCOUNT_FIELDS = ['accountType', 'currency', 'transactionPin', 'password', 'passport', 'proofOfAddress'];

/** The steps, each a button (any step may be opened), and the current one's heading. */
export function EnrolmentProgress({ active, stepDone, onOpen }: { active: number; stepDone: boolean[]; onOpen(step: number): void }) {
  return (
    <>
      <Stepper nonLinear activeStep={active} alternativeLabel sx={{ mb: 4 }}>
        {STEPS.map((label, i) => (
          <Step key={label} completed={stepDone[i]}>
            <StepButton onClick={() => onOpen(i)}>
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
    </>
  );
}

interface StepProps<Values> {
  initial: Values;
  /** The server's refusals of the last submission, by field. */
  serverErrors: Record<string, string>;
}

/** Step 1: who the customer is and where they live. */
export function PersonalStep({ initial, serverErrors, onSave }: StepProps<Part> & { onSave(values: Part): void }) {
  return (
    <Formik initialValues={initial} {...stepErrors(serverErrors, PERSONAL_FIELDS)} validationSchema={enrolmentPersonalSchema} onSubmit={onSave}>
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
  );
}

/** Step 2: occupation and income. */
export function EmploymentStep({ initial, serverErrors, onSave, onBack }: StepProps<Part> & { onSave(values: Part): void; onBack(): void }) {
  return (
    <Formik initialValues={initial} {...stepErrors(serverErrors, EMPLOYMENT_FIELDS)} validationSchema={enrolmentEmploymentSchema} onSubmit={onSave}>
      <Form noValidate>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField name="occupation" label="Occupation" options={OCCUPATIONS} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField name="incomeRange" label="Annual income" options={INCOME_RANGES} />
          </Grid>
        </Grid>
        <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
          <Button onClick={onBack}>Back</Button>
          <Button type="submit" variant="contained">
            Save and continue
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}

type AccountValues = Part & { accountType: string; currency: string; transactionPin: string; password: string; passport: string; proofOfAddress: string };

/** Step 3: the account, the secrets (kept in memory only) and the two documents. */
export function AccountStep({
  initial,
  serverErrors,
  passport,
  proofOfAddress,
  secretsLost,
  onPassport,
  onProofOfAddress,
  onSave,
  onBack,
}: StepProps<AccountValues> & {
  passport: File | null;
  proofOfAddress: File | null;
  /** Saved before a reload that lost the password, PIN or photos: they are asked again. */
  secretsLost: boolean;
  onPassport(file: File | null): void;
  onProofOfAddress(file: File | null): void;
  onSave(account: NonNullable<Stored['account']>, secrets: Secrets): void;
  onBack(): void;
}) {
  return (
    <Formik
      initialValues={initial}
      {...stepErrors(serverErrors, ACCOUNT_FIELDS)}
      validationSchema={enrolmentAccountSchema}
      onSubmit={({ accountType, currency, transactionPin, password }) => onSave({ accountType, currency }, { transactionPin, password })}
    >
      {({ values, setFieldValue, setFieldTouched, errors, touched }) => {
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
                <SelectField
                  name="accountType"
                  label="Account type"
                  options={ACCOUNT_TYPES}
                  labelOf={(o) => o.replace(/^\w/, (c) => c.toUpperCase())}
                  helperText={ACCOUNT_TYPE_HELP[values.accountType]}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <SelectField name="currency" label="Currency" options={ENROLMENT_CURRENCIES} />
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
                  {...photoField('passport', passport, onPassport)}
                  uploadLabel="Upload passport photograph"
                  changeLabel="Change passport photo"
                  previewAlt="Passport preview"
                  hint="JPG or PNG, 5 MB or less."
                />
              </Grid>
              <Grid size={{ xs: 12 }}>
                <DocumentPhotoField
                  {...photoField('proofOfAddress', proofOfAddress, onProofOfAddress)}
                  uploadLabel="Upload proof of address"
                  changeLabel="Change proof of address"
                  previewAlt="Proof of address preview"
                  pdfAllowed
                  hint="A utility bill, bank or tax letter from the last three months showing your name and address: a photo (JPG or PNG) or the PDF it came as, 5 MB or less."
                />
                {secretsLost && (
                  <Alert severity="info" sx={{ mt: 1 }}>
                    For your security your password, PIN and document photos are not kept when the page reloads: please enter them again.
                  </Alert>
                )}
              </Grid>
            </Grid>
            <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
              <Button onClick={onBack}>Back</Button>
              <Button type="submit" variant="contained">
                Save and continue
              </Button>
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}

/** Step 4: everything entered, read back before it is sent. */
export function ReviewStep({ rows, submitting, onSubmit, onBack }: { rows: [string, string][]; submitting: boolean; onSubmit(): void; onBack(): void }) {
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Check your details, then submit your application. We will e-mail your account number and a code to verify your e-mail address.
      </Typography>
      <Grid container spacing={1} sx={{ mb: 3 }}>
        {rows.map(([k, v]) => (
          <Grid key={k} size={{ xs: 12, sm: 6 }}>
            <Typography variant="caption" color="text.secondary">
              {k}
            </Typography>
            <Typography>{v}</Typography>
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" justifyContent="space-between">
        <Button onClick={onBack}>Back</Button>
        <Button variant="contained" onClick={onSubmit} disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit application'}
        </Button>
      </Stack>
    </Box>
  );
}

/** After the application went: where the account number and the e-mail code were sent, and what next. */
export function SubmittedDialog({ sentTo }: { sentTo: string | null }) {
  const navigate = useNavigate();
  return (
    <Dialog open={!!sentTo} aria-labelledby="enrolment-done-title">
      <DialogTitle id="enrolment-done-title">Application submitted</DialogTitle>
      <DialogContent>
        <Typography>
          We have e-mailed your account number and a 6-digit verification code to <strong>{sentTo}</strong>. Verify your e-mail, then sign in with your account number and password. We will let you
          know as soon as your application is approved.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => navigate(`/auth/verify?email=${encodeURIComponent(sentTo ?? '')}`)}>Verify e-mail</Button>
        <Button variant="contained" onClick={() => navigate('/auth/login')}>
          Go to login
        </Button>
      </DialogActions>
    </Dialog>
  );
}
