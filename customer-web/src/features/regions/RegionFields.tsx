import { Grid, MenuItem } from '@mui/material';
import { useFormikContext } from 'formik';
import { FormField } from '../../components/FormField';
import { loadStates, useCountries, useStates } from './regions';

interface RegionValues {
  country: string;
  state: string;
}

const MENU_PROPS = { PaperProps: { sx: { maxHeight: 320 } } };

/** The country picker of the address forms (enrolment, profile); choosing a country clears the state. */
export function CountryField() {
  const { setFieldValue } = useFormikContext<RegionValues>();
  const countries = useCountries();
  return (
    <FormField
      name="country"
      label="Country"
      select
      onChange={(e) => {
        setFieldValue('country', e.target.value);
        setFieldValue('state', '');
      }}
      // The states are fetched while the customer looks for their country.
      SelectProps={{ onOpen: () => void loadStates(), MenuProps: MENU_PROPS }}
    >
      {countries.map((c) => (
        <MenuItem key={c.isoCode} value={c.isoCode}>
          {c.name}
        </MenuItem>
      ))}
    </FormField>
  );
}

/**
 * The state picker for the chosen country. Free text when the country has no list, or when the stored value
 * predates the list (a value is never hidden); while the list loads the picker stays a picker.
 */
export function StateField() {
  const { values } = useFormikContext<RegionValues>();
  const states = useStates(values.country);
  const unlisted = values.state && states && !states.some((s) => s.name === values.state);
  if (states?.length === 0 || unlisted) return <FormField name="state" label="State/Province" />;
  return (
    <FormField name="state" label="State/Province" select SelectProps={{ MenuProps: MENU_PROPS }}>
      {(states ?? []).map((s) => (
        <MenuItem key={s.isoCode} value={s.name}>
          {s.name}
        </MenuItem>
      ))}
    </FormField>
  );
}

const half = { xs: 12, sm: 6 } as const;

/**
 * Where a customer lives, as items of the caller's <Grid container> inside its Formik form (enrolment, profile):
 * country, state, city, postal code and the street address; field names as in the shared schemas.
 */
export function ResidenceFields({ addressLabel }: { addressLabel: string }) {
  return (
    <>
      <Grid size={half}>
        <CountryField />
      </Grid>
      <Grid size={half}>
        <StateField />
      </Grid>
      <Grid size={half}>
        <FormField name="city" label="City" autoComplete="address-level2" />
      </Grid>
      <Grid size={half}>
        <FormField name="zipcode" label="Zip/Postal code" autoComplete="postal-code" />
      </Grid>
      <Grid size={12}>
        <FormField name="address" label={addressLabel} autoComplete="street-address" />
      </Grid>
    </>
  );
}
