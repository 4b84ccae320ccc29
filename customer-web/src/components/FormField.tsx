import { TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';

/** A formik-bound text field: shows the schema's message beneath the field once touched. */
export function FormField(props: TextFieldProps & { name: string }) {
  const [field, meta] = useField(props.name);
  const showError = meta.touched && !!meta.error;
  return <TextField fullWidth {...field} value={field.value ?? ''} {...props} error={showError} helperText={showError ? meta.error : props.helperText} />;
}

/** Applies a server's field errors (`errors` of a 400) to formik, so they show on the right fields. */
export function applyServerErrors(err: unknown, setErrors: (e: Record<string, string>) => void, setTouched?: (t: Record<string, boolean>) => void) {
  const errors = (err as { errors?: Record<string, string> })?.errors;
  if (errors) {
    setErrors(errors);
    setTouched?.(Object.fromEntries(Object.keys(errors).map((k) => [k, true])));
  }
}
