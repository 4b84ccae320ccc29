import { Datagrid, DateField, EmailField, FunctionField, List, SelectInput, Show, SimpleShowLayout, TextField, TextInput, TopToolbar, useRecordContext } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { CUSTOMER_STATUSES } from '@strongroom/shared';
import { StatusField, MoneyField } from '../components/fields';
import { DecisionButtons } from '../components/DecisionButtons';

const filters = [
  <TextInput key="q" source="q" label="Search name, e-mail or account" alwaysOn />,
  <SelectInput key="status" source="status" choices={CUSTOMER_STATUSES.map((s) => ({ id: s, name: s.replace('_', ' ') }))} alwaysOn />,
];

export function CustomerList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Customers">
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="accountNumber" label="Account" />
        <FunctionField label="Name" render={(r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`} />
        <EmailField source="email" />
        <TextField source="currency" />
        <MoneyField source="accountBalance" label="Balance" />
        <StatusField label="Status" />
        <DateField source="createdAt" label="Applied" />
        <DecisionButtons resource="customers" pendingStatus="pending_review" />
      </Datagrid>
    </List>
  );
}

function Passport() {
  const record = useRecordContext();
  if (!record?.passportImage) return <Typography color="text.secondary">No passport on file</Typography>;
  return <Box component="img" src={String(record.passportImage)} alt="Passport photograph" sx={{ maxWidth: 320, maxHeight: 240, borderRadius: 1, border: 1, borderColor: 'divider' }} />;
}

export function CustomerShow() {
  return (
    <Show actions={<TopToolbar><DecisionButtons resource="customers" pendingStatus="pending_review" /></TopToolbar>}>
      <SimpleShowLayout>
        <StatusField label="Status" />
        <TextField source="rejectionReason" emptyText="—" />
        <TextField source="accountNumber" />
        <FunctionField label="Name" render={(r: { firstName: string; middleName?: string; lastName: string }) => [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ')} />
        <EmailField source="email" />
        <TextField source="phone" />
        <TextField source="dob" label="Date of birth" />
        <FunctionField label="Address" render={(r: Record<string, string>) => `${r.address}, ${r.city}, ${r.state} ${r.zipcode}, ${r.country}`} />
        <TextField source="occupation" />
        <TextField source="incomeRange" />
        <TextField source="accountType" />
        <MoneyField source="accountBalance" label="Balance" />
        <FunctionField label="E-mail verified" render={(r: { emailVerified: boolean }) => (r.emailVerified ? 'Yes' : 'No')} />
        <Passport />
      </SimpleShowLayout>
    </Show>
  );
}
