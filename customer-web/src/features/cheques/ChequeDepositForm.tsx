import { useEffect, useState } from 'react';
import { Box, Button, Grid, MenuItem, Stack } from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useSnackbar } from 'notistack';
import { CHEQUE_BACK_REQUIRED_MESSAGE, CHEQUE_FRONT_REQUIRED_MESSAGE, chequeDepositSchema, todayIsoDate } from '@strongroom/shared';
import { api, newIdempotencyKey, idempotent, formBody } from '../../api/client';
import { FormField, applyServerErrors } from '../../components/FormField';
import { ChequeImagePicker } from './ChequeImagePicker';
import { AccountSelect } from '../accounts/AccountSelect';
import { accountIdOf, useAccountChoice } from '../accounts/account-uses';

interface Side {
  file: File | null;
  error: string | null;
}
const EMPTY: Side = { file: null, error: null };

/** Keeps the cheque's currency the credited account's, also when the accounts arrive after the form was drawn. */
function FollowCurrency({ currency }: { currency: string }) {
  const { values, setFieldValue } = useFormikContext<{ currency: string }>();
  useEffect(() => {
    if (values.currency !== currency) void setFieldValue('currency', currency);
  }, [currency, values.currency, setFieldValue]);
  return null;
}

/** The images and details of one cheque, sent as one multipart request; nothing is sent without both images. */
export function ChequeDepositForm({ currency: ownCurrency, onDeposited }: { currency: string; onDeposited(): void }) {
  const { enqueueSnackbar } = useSnackbar();
  // The account credited: the cheque must be in its currency, so the currency follows the account chosen.
  const into = useAccountChoice('receive');
  const currency = into.account?.currency ?? ownCurrency;
  const [front, setFront] = useState<Side>(EMPTY);
  const [back, setBack] = useState<Side>(EMPTY);
  // One key per deposit the customer means to make: a retry of the same click is answered once.
  const [key, setKey] = useState(newIdempotencyKey);
  const initial = { amount: '', chequeNumber: '', bankName: '', accountNumber: '', currency, issueDate: '', note: '' };
  /** Marks a missing side on every attempt to submit, whether or not the details are complete yet. */
  const imagesMissing = () => {
    if (!front.file) setFront({ file: null, error: front.error ?? CHEQUE_FRONT_REQUIRED_MESSAGE });
    if (!back.file) setBack({ file: null, error: back.error ?? CHEQUE_BACK_REQUIRED_MESSAGE });
    return !front.file || !back.file;
  };

  return (
    <Formik
      initialValues={initial}
      validationSchema={chequeDepositSchema}
      onSubmit={async (values, { setErrors, resetForm }) => {
        if (imagesMissing() || !front.file || !back.file) return;
        const body = new FormData();
        for (const [name, value] of Object.entries(values)) if (value.trim() !== '') body.append(name, value.trim());
        body.append('frontImage', front.file);
        body.append('backImage', back.file);
        const { accountId } = accountIdOf(into.account);
        if (accountId) body.append('accountId', accountId);
        try {
          const res = await api.POST('/v1/cheque', { body: formBody(body), headers: idempotent(key) });
          enqueueSnackbar(res.message, { variant: 'success' });
          resetForm();
          setFront(EMPTY);
          setBack(EMPTY);
          setKey(newIdempotencyKey());
          onDeposited();
        } catch (err) {
          const fields = (err as { errors?: Record<string, string> }).errors ?? {};
          if (fields.frontImage) setFront((s) => ({ ...s, error: fields.frontImage }));
          if (fields.backImage) setBack((s) => ({ ...s, error: fields.backImage }));
          applyServerErrors(err, setErrors);
          enqueueSnackbar((err as Error).message, { variant: 'error' });
          setKey(newIdempotencyKey());
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Cheque details">
          <Stack spacing={2.5}>
            <AccountSelect choice={into} label="Into account" />
            <FollowCurrency currency={currency} />
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ChequeImagePicker side="front" {...front} onPick={(file, error) => setFront({ file, error })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <ChequeImagePicker side="back" {...back} onPick={(file, error) => setBack({ file, error })} />
              </Grid>
            </Grid>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="amount" label="Amount" inputProps={{ inputMode: 'decimal' }} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="currency" label="Currency" select helperText="Cheques are credited to your account in its currency">
                  <MenuItem value={currency}>{currency}</MenuItem>
                </FormField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="chequeNumber" label="Cheque number" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="bankName" label="Bank name" helperText="The bank the cheque is drawn on" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="accountNumber" label="Account number on the cheque" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField name="issueDate" label="Issue date" type="date" InputLabelProps={{ shrink: true }} inputProps={{ max: todayIsoDate() }} />
              </Grid>
              <Grid size={12}>
                <FormField name="note" label="Note (optional)" multiline minRows={2} inputProps={{ maxLength: 200 }} />
              </Grid>
            </Grid>
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting} onClick={imagesMissing}>
                {isSubmitting ? 'Depositing...' : 'Deposit cheque'}
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
