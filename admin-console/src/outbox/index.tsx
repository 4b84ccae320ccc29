import { Datagrid, List, Show, SimpleShowLayout, TextField, TextInput, FunctionField } from 'react-admin';
import { LongDateField } from '../components/fields';

export function OutboxList() {
  return (
    <List filters={[<TextInput key="to" source="to" label="Recipient e-mail" alwaysOn />]} sort={{ field: 'created_at', order: 'DESC' }} title="Mail outbox">
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <LongDateField source="createdAt" label="Queued" />
        <TextField source="to" />
        <TextField source="subject" />
        <TextField source="status" />
      </Datagrid>
    </List>
  );
}

export function OutboxShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="to" />
        <TextField source="subject" />
        <TextField source="status" />
        <FunctionField label="Body" render={(r: { bodyText: string }) => <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.bodyText}</pre>} />
      </SimpleShowLayout>
    </Show>
  );
}
