import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';

/** A formik-bound text field: shows the schema's message beneath the field once touched. */
export function FormField(props: TextFieldProps & { name: string }) {
  const [field, meta] = useField(props.name);
  const showError = meta.touched && !!meta.error;
  return <TextField fullWidth {...field} value={field.value ?? ''} {...props} error={showError} helperText={showError ? meta.error : props.helperText} />;
}

/** A formik-bound select over a fixed list of values, each shown as `labelOf(value)`. */
export function SelectField({ options, labelOf = (value) => value, ...props }: TextFieldProps & { name: string; options: readonly string[]; labelOf?: (value: string) => string }) {
  return (
    <FormField {...props} select>
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {labelOf(value)}
        </MenuItem>
      ))}
    </FormField>
  );
}

/** Applies a server's field errors (`errors` of a 400) to formik, so they show on the right fields. */
export function applyServerErrors(err: unknown, setErrors: (e: Record<string, string>) => void, setTouched?: (t: Record<string, boolean>) => void) {
  const errors = (err as { errors?: Record<string, string> })?.errors;
  if (errors) {
    setErrors(errors);
    setTouched?.(Object.fromEntries(Object.keys(errors).map((k) => [k, true])));
  }
}
