import { Box, Checkbox, FormControlLabel, FormHelperText, Grid } from '@mui/material';
import { useField } from 'formik';
import type { UserDto } from '@strongroom/shared';
import { FormField } from './FormField';

/** The applicant's identity and address as a product application starts them: from the profile, the SSN empty. */
export function applicantInitialValues(user: UserDto) {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    dateOfBirth: user.dob ?? '',
    ssn: '',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zipCode: user.zipcode ?? '',
  };
}

const half = { xs: 12, sm: 6 } as const;
const third = { xs: 12, sm: 4 } as const;

/**
 * Identity and address fields of a product application (cards, loans), as items of the caller's <Grid container>,
 * inside its Formik form; the field names are those of applicantInitialValues and the shared schemas.
 */
export function ApplicantFields() {
  return (
    <>
      <Grid size={half}>
        <FormField name="firstName" label="First name" autoComplete="given-name" />
      </Grid>
      <Grid size={half}>
        <FormField name="lastName" label="Last name" autoComplete="family-name" />
      </Grid>
      <Grid size={half}>
        <FormField name="email" label="Email" type="email" autoComplete="email" />
      </Grid>
      <Grid size={half}>
        <FormField name="phone" label="Phone" autoComplete="tel" />
      </Grid>
      <Grid size={half}>
        <FormField name="dateOfBirth" label="Date of birth" type="date" autoComplete="bday" slotProps={{ inputLabel: { shrink: true } }} />
      </Grid>
      <Grid size={half}>
        <FormField name="ssn" label="Social Security Number" autoComplete="off" helperText="Stored encrypted; we show only the last 4 digits" />
      </Grid>
      <Grid size={12}>
        <FormField name="address" label="Address" autoComplete="street-address" />
      </Grid>
      <Grid size={third}>
        <FormField name="city" label="City" autoComplete="address-level2" />
      </Grid>
      <Grid size={third}>
        <FormField name="state" label="State" autoComplete="address-level1" />
      </Grid>
      <Grid size={third}>
        <FormField name="zipCode" label="Zip code" autoComplete="postal-code" />
      </Grid>
    </>
  );
}

/** The `agreeToTerms` checkbox of an application, with the schema's message under it once touched. */
export function AgreeToTermsCheckbox({ label }: { label: string }) {
  const [field, meta, helpers] = useField<boolean>({ name: 'agreeToTerms', type: 'checkbox' });
  const showError = meta.touched && !!meta.error;
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={!!field.value} onChange={(e) => void helpers.setValue(e.target.checked)} onBlur={() => void helpers.setTouched(true)} name="agreeToTerms" />}
        label={label}
      />
      {showError && <FormHelperText error>{meta.error}</FormHelperText>}
    </Box>
  );
}
