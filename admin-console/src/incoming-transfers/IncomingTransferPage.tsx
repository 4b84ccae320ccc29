import { useState } from 'react';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { Form, SaveButton, SelectInput, TextInput, Title, useDataProvider, useNotify, usePermissions } from 'react-admin';
import { TRANSFER_CURRENCIES, incomingTransferSchema, validationErrors } from '@strongroom/shared';
import type { IncomingTransfer, StrongroomDataProvider } from '../providers/data-provider';
import { errorMessage, fieldErrors } from '../providers/http';

const EMPTY = { accountNumber: '', amount: '', currency: 'USD', senderName: '', senderBank: '', reference: '' };

/** The same yup schema (and messages) the server applies, so staff see mistakes before sending. */
function validate(values: Record<string, unknown>): Record<string, string> {
  try {
    incomingTransferSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (err) {
    return validationErrors(err as Parameters<typeof validationErrors>[0]);
  }
}

/** Post a payment received from the settlement network to a customer's account (idempotent on the reference). */
export function IncomingTransferPage() {
  const dataProvider = useDataProvider<StrongroomDataProvider>();
  const notify = useNotify();
  const { permissions, isPending } = usePermissions();
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [done, setDone] = useState(0);
  if (isPending) return null;
  if (permissions !== 'admin') {
    return (
      <Card sx={{ mt: 2 }}>
        <Title title="Post an incoming payment" />
        <CardContent>
          <Typography>Only admins can post incoming payments. Auditors can see every credit in Transactions.</Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="Post an incoming payment" />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Credit a customer with a payment received from the settlement network. The network reference makes this safe to retry: the same payment is never credited twice. If the currency differs from
          the account's, it is converted at the rate in the FX table.
        </Typography>
        {result && (
          <Alert severity={result.severity} sx={{ mb: 2 }} onClose={() => setResult(null)}>
            {result.text}
          </Alert>
        )}
        <Form
          key={done /* a fresh, empty form after each posted payment */}
          defaultValues={EMPTY}
          validate={validate}
          onSubmit={async (values: Record<string, unknown>) => {
            const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : String(v ?? '')]));
            try {
              const res = await dataProvider.postIncoming(body as IncomingTransfer);
              setResult({ severity: 'success', text: `${res.message} (reference ${body.reference})` });
              notify(res.message, { type: 'success' });
              setDone((n) => n + 1);
            } catch (err) {
              setResult({ severity: 'error', text: errorMessage(err) });
              // Returned errors land under their fields (react-admin sets them on the form).
              return fieldErrors(err);
            }
          }}
        >
          <TextInput source="accountNumber" label="Customer account number" helperText="10 digits" fullWidth />
          <Box sx={{ display: 'flex', gap: 2 }}>
            <TextInput source="amount" label="Amount" helperText="e.g. 250.00" sx={{ flex: 2 }} />
            <SelectInput source="currency" choices={TRANSFER_CURRENCIES.map((c) => ({ id: c, name: c }))} sx={{ flex: 1 }} emptyText="" />
          </Box>
          <TextInput source="senderName" label="Sender name" fullWidth />
          <TextInput source="senderBank" label="Sender bank" fullWidth />
          <TextInput source="reference" label="Network reference" helperText="As received from the network; used to detect duplicates" fullWidth />
          <SaveButton label="Post payment" alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}
