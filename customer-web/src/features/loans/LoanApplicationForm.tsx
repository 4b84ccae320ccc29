import { Alert, Box, Button, Grid, MenuItem, Stack, Typography } from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useSnackbar } from 'notistack';
import { EMPLOYMENT_STATUSES, LOAN_PURPOSES, LOAN_TYPES, calculateLoan, formatMoney, loanApplicationSchema, loanRateFor, type UserDto } from '@strongroom/shared';
import { api, type RequestBody } from '../../api/client';
import { FormField, applyServerErrors } from '../../components/FormField';
import { AgreeToTermsCheckbox, ApplicantFields, applicantInitialValues } from '../../components/ApplicantFields';
import { capitalised, loanTypeName, withSpaces } from './loan-labels';
import { AccountSelect } from '../accounts/AccountSelect';
import { accountIdOf, useAccountChoice } from '../accounts/account-uses';

type Values = Record<string, string | boolean>;

function initialValues(user: UserDto): Values {
  return {
    loanType: '',
    loanPurpose: '',
    loanAmount: '',
    termLength: '',
    ...applicantInitialValues(user),
    employmentStatus: '',
    employerName: '',
    jobTitle: '',
    annualIncome: '',
    monthlyRent: '',
    downPayment: '0',
    agreeToTerms: false,
  };
}

/** What the server is sent: the term as a whole number, everything else as typed. */
function toPayload(values: Values) {
  return { ...values, termLength: Number(values.termLength) };
}

/** The rate the loan type carries and the payment it makes, in the loan account's currency, before the customer applies. */
function RatePreview({ currency }: { currency: string }) {
  const { values } = useFormikContext<Values>();
  const type = String(values.loanType);
  if (!type) return null;
  const rate = loanRateFor(type);
  const figures = calculateLoan({ amount: String(values.loanAmount), ratePct: rate, termMonths: String(values.termLength) });
  return (
    <Alert severity="info" data-testid="rate-preview">
      {loanTypeName(type)}: {rate}% a year. Estimated monthly payment {formatMoney(figures.monthlyPayment, currency)}, total {formatMoney(figures.totalAmount, currency)}.
    </Alert>
  );
}

const half = { xs: 12, sm: 6 } as const;
const option = (value: string) => (
  <MenuItem key={value} value={value}>
    {capitalised(withSpaces(value))}
  </MenuItem>
);

export function LoanApplicationForm({ user, onApplied }: { user: UserDto; onApplied: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  // The loan is paid into, and collected from, an account its owner or a joint holder holds.
  const into = useAccountChoice('borrow');
  return (
    <Formik
      initialValues={initialValues(user)}
      validationSchema={loanApplicationSchema}
      onSubmit={async (values, { setErrors, setTouched }) => {
        try {
          await api.POST('/v1/loan', { body: { ...toPayload(values), ...accountIdOf(into.account) } as RequestBody<'/v1/loan', 'post'> });
          enqueueSnackbar('Loan application submitted successfully', { variant: 'success' });
          onApplied();
        } catch (err) {
          applyServerErrors(err, setErrors, setTouched);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Loan application">
          <Stack spacing={3}>
            <Typography variant="h6" component="h2" fontWeight={700}>
              Loan details
            </Typography>
            <AccountSelect choice={into} label="Loan account" />
            <Grid container spacing={2}>
              <Grid size={half}>
                <FormField name="loanType" label="Loan type" select>
                  {LOAN_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {loanTypeName(t)}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
              <Grid size={half}>
                <FormField name="loanPurpose" label="Loan purpose" select>
                  {LOAN_PURPOSES.map(option)}
                </FormField>
              </Grid>
              <Grid size={half}>
                <FormField name="loanAmount" label="Loan amount" inputProps={{ inputMode: 'decimal' }} />
              </Grid>
              <Grid size={half}>
                <FormField name="termLength" label="Term (months)" inputProps={{ inputMode: 'numeric' }} />
              </Grid>
              <Grid size={{ xs: 12 }}>
                <RatePreview currency={into.account?.currency ?? user.currency} />
              </Grid>
            </Grid>
            <Typography variant="h6" component="h2" fontWeight={700}>
              Personal information
            </Typography>
            <Grid container spacing={2}>
              <ApplicantFields />
            </Grid>
            <Typography variant="h6" component="h2" fontWeight={700}>
              Employment and finances
            </Typography>
            <Grid container spacing={2}>
              <Grid size={half}>
                <FormField name="employmentStatus" label="Employment status" select>
                  {EMPLOYMENT_STATUSES.map(option)}
                </FormField>
              </Grid>
              <Grid size={half}>
                <FormField name="employerName" label="Employer name" />
              </Grid>
              <Grid size={half}>
                <FormField name="jobTitle" label="Job title" />
              </Grid>
              <Grid size={half}>
                <FormField name="annualIncome" label="Annual income" inputProps={{ inputMode: 'decimal' }} />
              </Grid>
              <Grid size={half}>
                <FormField name="monthlyRent" label="Monthly rent / mortgage" inputProps={{ inputMode: 'decimal' }} />
              </Grid>
              <Grid size={half}>
                <FormField name="downPayment" label="Down payment" inputProps={{ inputMode: 'decimal' }} />
              </Grid>
            </Grid>
            <AgreeToTermsCheckbox label="I agree to the loan terms and conditions and consent to a credit check" />
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {isSubmitting ? 'Submitting...' : 'Submit Application'}
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
