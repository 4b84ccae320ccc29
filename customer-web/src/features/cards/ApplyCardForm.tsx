import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Grid, MenuItem, Stack, Typography } from '@mui/material';
import { Form, Formik, useField } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { CARD_MIN_CREDIT_LIMIT, CARD_REWARDS_TEXT, CARD_TYPES, cardApplicationSchema, type UserDto } from '@strongroom/shared';
import { api } from '../../api/client';
import { FormField, applyServerErrors } from '../../components/FormField';

const NETWORK_NAMES: Record<(typeof CARD_TYPES)[number], string> = { visa: 'Visa', mastercard: 'Mastercard', american_express: 'American Express', discover: 'Discover' };

function TermsCheckbox() {
  const [field, meta, helpers] = useField<boolean>({ name: 'agreeToTerms', type: 'checkbox' });
  const showError = meta.touched && !!meta.error;
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={!!field.value} onChange={(e) => void helpers.setValue(e.target.checked)} onBlur={() => void helpers.setTouched(true)} name="agreeToTerms" />}
        label="I agree to the card terms and conditions and to a credit check"
      />
      {showError && <FormHelperText error>{meta.error}</FormHelperText>}
    </Box>
  );
}

/**
 * The application (docs/decisions/0012-issued-cards.md): personal details and a credit limit. The bank issues the number, expiry and
 * CVV when staff approve it; nothing here asks for them.
 */
export function ApplyCardForm({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const initial = {
    cardType: '',
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    dateOfBirth: user.dob,
    ssn: '',
    address: user.address,
    city: user.city,
    state: user.state,
    zipCode: user.zipcode,
    creditLimit: CARD_MIN_CREDIT_LIMIT.replace(/\.00$/, ''),
    agreeToTerms: false,
  };
  return (
    <Formik
      initialValues={initial}
      validationSchema={cardApplicationSchema}
      onSubmit={async (values, { setErrors, setTouched }) => {
        try {
          const res = await api.post<{ message: string }>('/card', values);
          enqueueSnackbar(res.message, { variant: 'success' });
          navigate('/cards');
        } catch (err) {
          applyServerErrors(err, setErrors, setTouched as never);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Card application">
          <Stack spacing={3}>
            <Alert severity="info">Apply in two minutes. We issue your card number, expiry date and security code once we approve your application; every card earns {CARD_REWARDS_TEXT}.</Alert>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField select name="cardType" label="Card type">
                  {CARD_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {NETWORK_NAMES[t]}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="creditLimit" label="Credit limit" inputProps={{ inputMode: 'numeric', step: 500, min: 500 }} helperText="From $500, in steps of $500" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="firstName" label="First name" autoComplete="given-name" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="lastName" label="Last name" autoComplete="family-name" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="email" label="Email" type="email" autoComplete="email" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="phone" label="Phone" autoComplete="tel" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="dateOfBirth" label="Date of birth" type="date" slotProps={{ inputLabel: { shrink: true } }} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="ssn" label="Social Security Number" autoComplete="off" helperText="Stored encrypted; we show only the last 4 digits" />
              </Grid>
              <Grid size={12}>
                <FormField name="address" label="Address" autoComplete="street-address" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="city" label="City" autoComplete="address-level2" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="state" label="State" autoComplete="address-level1" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField name="zipCode" label="Zip code" autoComplete="postal-code" />
              </Grid>
            </Grid>
            <TermsCheckbox />
            <Typography variant="body2" color="text.secondary">
              Rewards: {CARD_REWARDS_TEXT} on every purchase.
            </Typography>
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                {isSubmitting ? 'Submitting...' : 'Apply for card'}
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
