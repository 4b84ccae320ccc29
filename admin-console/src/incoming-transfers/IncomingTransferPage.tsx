import { Card, CardContent, Typography } from '@mui/material';
import { Form, SaveButton, SelectInput, TextInput, Title, required, useDataProvider, useNotify, usePermissions } from 'react-admin';
import { TRANSFER_CURRENCIES } from '@strongroom/shared';
import type { StrongroomDataProvider } from '../providers/data-provider';
import { errorMessage } from '../providers/http';

/** Post a payment received from the settlement network to a customer's account (idempotent on reference). */
export function IncomingTransferPage() {
  const dataProvider = useDataProvider<StrongroomDataProvider>();
  const notify = useNotify();
  const { permissions } = usePermissions();
  if (permissions !== 'admin') return <Card><CardContent><Typography>Only admins can post incoming payments.</Typography></CardContent></Card>;
  return (
    <Card>
      <Title title="Post an incoming payment" />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>The network reference makes this safe to retry: the same payment is never credited twice.</Typography>
        <Form
          onSubmit={async (values: Record<string, unknown>) => {
            try {
              const res = await dataProvider.postIncoming(values as Record<string, string>);
              notify(res.message, { type: 'success' });
            } catch (err) {
              notify(errorMessage(err), { type: 'error' });
            }
          }}
        >
          <TextInput source="accountNumber" label="Customer account number" validate={required()} fullWidth />
          <TextInput source="amount" label="Amount (e.g. 250.00)" validate={required()} fullWidth />
          <SelectInput source="currency" choices={TRANSFER_CURRENCIES.map((c) => ({ id: c, name: c }))} validate={required()} defaultValue="USD" />
          <TextInput source="senderName" validate={required()} fullWidth />
          <TextInput source="senderBank" validate={required()} fullWidth />
          <TextInput source="reference" label="Network reference" validate={required()} fullWidth />
          <SaveButton label="Post payment" />
        </Form>
      </CardContent>
    </Card>
  );
}
