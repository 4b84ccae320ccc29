import { useId, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, FormHelperText, Grid, List, ListItem, MenuItem, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { CRYPTO_RECEIPT_UPLOADED_MESSAGE, cryptoBuySchema, type CryptoOptionDto } from '@strongroom/shared';
import { api, newIdempotencyKey, idempotent, formBody } from '../../api/client';
import { FormField, applyServerErrors } from '../../components/FormField';
import { AssetIcon } from './AssetIcon';
import { CopyButton } from '../../components/CopyButton';
import { receiptProblem } from './receipt';

function DepositInformation({ option }: { option: CryptoOptionDto }) {
  return (
    <Card variant="outlined" data-testid="deposit-information">
      <CardContent>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1 }}>
          <AssetIcon symbol={option.symbol} size={32} />
          <Typography fontWeight={700} component="h2" variant="body1">
            Deposit Information
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Network
        </Typography>
        <Typography fontWeight={600}>{option.network}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Send your {option.symbol} to this address
        </Typography>
        <Stack direction="row" alignItems="center" spacing={0.5}>
          <Typography fontWeight={600} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="deposit-address">
            {option.address}
          </Typography>
          <CopyButton text={option.address} label={`Copy the ${option.symbol} deposit address`} copied="Address copied to clipboard" />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          Only send {option.symbol} on the {option.network} network: anything else cannot be recovered.
        </Typography>
      </CardContent>
    </Card>
  );
}

function ReceiptPicker({ file, error, onPick }: { file: File | null; error: string | null; onPick(file: File | null, problem: string | null): void }) {
  const inputId = useId();
  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const problem = await receiptProblem(picked);
    onPick(problem ? null : picked, problem);
  };
  return (
    <Box>
      <Typography fontWeight={600} gutterBottom>
        Payment Receipt
      </Typography>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label="Upload the payment receipt"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />} fullWidth sx={{ py: 2, borderStyle: 'dashed' }}>
        {file ? `Replace receipt (${file.name})` : 'Choose receipt image'}
      </Button>
      <FormHelperText>PNG, JPG up to 5MB</FormHelperText>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** 'Buy' = a custody deposit: send units to the bank's address, then show the receipt; staff credit it after checking the chain. */
export function BuyForm({ options, onDone }: { options: CryptoOptionDto[]; onDone(): void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [receipt, setReceipt] = useState<{ file: File | null; error: string | null }>({ file: null, error: null });
  const [key, setKey] = useState(newIdempotencyKey);
  const [formKey, setFormKey] = useState(0);

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Formik
          key={formKey}
          initialValues={{ crypto: '', amount: '' }}
          validationSchema={cryptoBuySchema}
          onSubmit={async (values, { setErrors, setTouched }) => {
            // No submit without a receipt: the button is disabled until one is chosen.
            if (!receipt.file) return;
            const option = options.find((o) => o.symbol === values.crypto);
            const body = new FormData();
            body.append('crypto', values.crypto);
            body.append('amount', values.amount.trim());
            if (option) body.append('network', option.network);
            body.append('receipt', receipt.file);
            try {
              await api.POST('/v1/crypto/buy', { body: formBody(body), headers: idempotent(key) });
              enqueueSnackbar(CRYPTO_RECEIPT_UPLOADED_MESSAGE, { variant: 'success' });
              setReceipt({ file: null, error: null });
              setFormKey((k) => k + 1);
              setKey(newIdempotencyKey());
              onDone();
            } catch (err) {
              const fields = (err as { errors?: Record<string, string> }).errors ?? {};
              if (fields.receipt) setReceipt((r) => ({ ...r, error: fields.receipt }));
              applyServerErrors(err, setErrors, setTouched as never);
              enqueueSnackbar((err as Error).message, { variant: 'error' });
              setKey(newIdempotencyKey());
            }
          }}
        >
          {({ values, isSubmitting }) => {
            const option = options.find((o) => o.symbol === values.crypto);
            return (
              <Form noValidate aria-label="Buy crypto">
                <Stack spacing={2.5}>
                  <FormField name="crypto" label="Cryptocurrency" select>
                    {options.map((o) => (
                      <MenuItem key={o.symbol} value={o.symbol}>
                        {o.crypto} ({o.symbol})
                      </MenuItem>
                    ))}
                  </FormField>
                  <FormField
                    name="amount"
                    label={`Amount${option ? ` (${option.symbol})` : ''}`}
                    inputProps={{ inputMode: 'decimal', step: '0.000001' }}
                    helperText="Up to 6 decimal places, e.g. 0.015"
                  />
                  {option && <DepositInformation option={option} />}
                  <ReceiptPicker file={receipt.file} error={receipt.error} onPick={(file, error) => setReceipt({ file, error })} />
                  <Box>
                    <Button type="submit" variant="contained" size="large" disabled={isSubmitting || !receipt.file}>
                      {isSubmitting ? 'Submitting...' : 'Submit Purchase Request'}
                    </Button>
                  </Box>
                </Stack>
              </Form>
            );
          }}
        </Formik>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Alert severity="info" icon={false} data-testid="buy-important">
          <Typography fontWeight={700} gutterBottom>
            Important information
          </Typography>
          <List dense disablePadding sx={{ listStyle: 'disc', pl: 2, '& li': { display: 'list-item', px: 0 } }}>
            <ListItem>Send the coins first, on the network shown, then upload the receipt or screenshot of the transfer.</ListItem>
            <ListItem>We credit your wallet once the transfer has 1-6 confirmations on the chain and staff have matched it to your receipt.</ListItem>
            <ListItem>Minimum purchase: $200 USD. Network fees are paid by the sender.</ListItem>
            <ListItem>Strongroom never asks you to pay a fee to receive or release your own assets.</ListItem>
          </List>
        </Alert>
      </Grid>
    </Grid>
  );
}
