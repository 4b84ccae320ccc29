import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { ACCOUNT_CURRENCIES, ACCOUNT_NAME_MAX, openAccountSchema } from '@strongroom/shared';
import { FormField, SelectField, applyServerErrors } from '../../components/FormField';
import { CopyButton } from '../../components/CopyButton';
import { ApiError, newIdempotencyKey, type RequestBody } from '../../api/client';
import { OPENABLE_PRODUCTS, openAccount, type AccountDto, type OpenableProduct } from './accounts-api';
import { PRODUCT_LABELS } from './AccountsContext';
import { useApi } from '../../api/useApi';
import { tierLines } from '../landing/product-rates';

type OpenBody = RequestBody<'/v1/accounts', 'post'>;

const PRODUCT_HINTS: Record<OpenableProduct, string> = {
  checking: 'For everyday spending and payments. Opens at once.',
  savings: 'For putting money aside. Opens at once.',
  business: 'For a business. We review it first, usually within one business day.',
};

function Opened({ account }: { account: AccountDto }) {
  const waiting = account.status !== 'active';
  return (
    <Stack spacing={2} data-testid="account-opened">
      {waiting ? (
        <Alert severity="info">Your business account is waiting for approval. We will e-mail you once it is open; its number is kept for it.</Alert>
      ) : (
        <Alert severity="success">Your {PRODUCT_LABELS[account.product]?.toLowerCase() ?? ''} account is open and ready to receive money.</Alert>
      )}
      <Box>
        <Typography variant="body2" color="text.secondary" id="new-account-number">
          Account number
        </Typography>
        <Stack direction="row" alignItems="center" spacing={1}>
          <Typography variant="h5" fontWeight={800} sx={{ letterSpacing: 1.5 }} aria-labelledby="new-account-number" data-testid="new-account-number">
            {account.number}
          </Typography>
          <CopyButton text={account.number} label="Copy account number" copied="Account number copied" />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {account.name} · {account.currency}
        </Typography>
      </Box>
    </Stack>
  );
}

/** "Open an account": the kind, the currency and an optional name, then the new number to copy. */
export function OpenAccountDialog({ open, onClose, onOpened }: { open: boolean; onClose(): void; onOpened(account: AccountDto): void }) {
  // The savings rates in force today, shown when savings is chosen (GET /v1/products).
  const products = useApi(open ? '/v1/products' : null);
  const savingsTiers = products.data?.items.find((p) => p.code === 'savings')?.tiers ?? [];
  const [opened, setOpened] = useState<AccountDto | null>(null);
  const [error, setError] = useState('');
  // One key per opening the dialog: a retry after a lost answer does not open a second account.
  const [key, setKey] = useState(newIdempotencyKey);
  const close = () => {
    setOpened(null);
    setError('');
    setKey(newIdempotencyKey());
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="open-account-title">
      <DialogTitle id="open-account-title">{!opened ? 'Open an account' : opened.status === 'active' ? 'Account opened' : 'Application received'}</DialogTitle>
      {opened ? (
        <>
          <DialogContent>
            <Opened account={opened} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Formik
          initialValues={{ product: 'checking' as string, currency: 'USD' as string, name: '' }}
          validationSchema={openAccountSchema}
          onSubmit={async (values, { setErrors }) => {
            setError('');
            try {
              const name = values.name.trim();
              // The values as the shared schema (the server's body schema too) has just checked them.
              const body = { product: values.product, currency: values.currency, ...(name ? { name } : {}) } as OpenBody;
              const account = await openAccount(body, key);
              setOpened(account);
              onOpened(account);
            } catch (e) {
              setError((e as Error).message);
              applyServerErrors(e, setErrors);
              // Refused: nothing was opened, so trying again is a new intent; a lost answer (status 0) keeps its key.
              if (!(e instanceof ApiError) || e.status !== 0) setKey(newIdempotencyKey());
            }
          }}
        >
          {({ values, isSubmitting }) => (
            <Form noValidate>
              <DialogContent>
                <Stack spacing={2.5} sx={{ pt: 1 }}>
                  <SelectField name="product" label="Kind of account" options={OPENABLE_PRODUCTS} labelOf={(p) => PRODUCT_LABELS[p]} helperText={PRODUCT_HINTS[values.product as OpenableProduct]} />
                  {values.product === 'savings' && savingsTiers.length > 0 && (
                    <Alert severity="info" icon={false} data-testid="savings-rate">
                      Interest today: {tierLines(savingsTiers).join('; ')}, in the account&apos;s currency, worked out daily and paid monthly.
                    </Alert>
                  )}
                  <SelectField name="currency" label="Currency" options={ACCOUNT_CURRENCIES} />
                  <FormField name="name" label="Name (optional)" placeholder="e.g. Holidays" inputProps={{ maxLength: ACCOUNT_NAME_MAX }} />
                  {error && <Alert severity="error">{error}</Alert>}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={close}>Cancel</Button>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? 'Opening...' : 'Open account'}
                </Button>
              </DialogActions>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
