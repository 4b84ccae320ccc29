import { Datagrid, FunctionField, List, SelectInput, Show, SimpleShowLayout, TextField, TextInput, TopToolbar } from 'react-admin';
import { TRANSACTION_STATUSES } from '@strongroom/shared';
import { LongDateField, MoneyField, StatusField } from '../components/fields';
import { DecisionButtons } from '../components/DecisionButtons';

const filters = [
  <SelectInput key="status" source="status" choices={TRANSACTION_STATUSES.map((s) => ({ id: s, name: s }))} alwaysOn />,
  <TextInput key="q" source="q" label="Search" alwaysOn />,
];

export function TransactionList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'created_at', order: 'DESC' }} title="Transactions">
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="reference" />
        <LongDateField source="createdAt" label="Date" />
        <FunctionField label="Customer" render={(r: { accountHolder?: { name: string; accountNumber: string } }) => `${r.accountHolder?.name ?? ''} (${r.accountHolder?.accountNumber ?? ''})`} />
        <TextField source="description" />
        <MoneyField source="amount" label="Amount" />
        <MoneyField source="fees" label="Fee" />
        <StatusField label="Status" />
        <DecisionButtons resource="transactions" pendingStatus="pending" />
      </Datagrid>
    </List>
  );
}

export function TransactionShow() {
  return (
    <Show actions={<TopToolbar><DecisionButtons resource="transactions" pendingStatus="pending" /></TopToolbar>}>
      <SimpleShowLayout>
        <TextField source="reference" />
        <StatusField label="Status" />
        <TextField source="statusReason" emptyText="—" />
        <LongDateField source="createdAt" label="Date" />
        <TextField source="kind" />
        <TextField source="description" />
        <MoneyField source="amount" label="Amount" />
        <MoneyField source="fees" label="Fee" />
        <TextField source="recipient" emptyText="—" />
        <TextField source="channel" />
        <TextField source="location" emptyText="—" />
        <FunctionField label="Payment details" render={(r: { metadata?: Record<string, unknown> }) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.metadata ?? {}, null, 2)}</pre>} />
      </SimpleShowLayout>
    </Show>
  );
}
