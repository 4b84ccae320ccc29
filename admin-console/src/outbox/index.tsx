import { Box, Typography } from '@mui/material';
import { Datagrid, List, Show, TextField, TextInput, useRecordContext } from 'react-admin';
import { StatusField } from '../components/StatusField';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';

export function OutboxList() {
  return (
    <List
      filters={[<TextInput key="to" source="to" label="Recipient e-mail (exact)" alwaysOn resettable />]}
      sort={{ field: 'created_at', order: 'DESC' }}
      title="Mail outbox"
      empty={false}
      exporter={false}
      actions={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>No mail has been sent yet.</Typography>}>
        <LongDateField source="createdAt" label="Queued" sortBy="created_at" />
        <TextField source="to" sortable={false} />
        <TextField source="subject" sortable={false} />
        <StatusField label="Status" />
      </Datagrid>
    </List>
  );
}

function MessageTitle() {
  const record = useRecordContext();
  return <span>{record ? String(record.subject) : 'Message'}</span>;
}

function Body() {
  const record = useRecordContext();
  return (
    <Box
      component="pre"
      sx={{ m: 0, p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 14, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      {String(record?.bodyText ?? '')}
    </Box>
  );
}

export function OutboxShow() {
  return (
    <Show title={<MessageTitle />} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <Box>
        <DetailSection title="Message">
          <Detail label="To">
            <TextField source="to" />
          </Detail>
          <Detail label="Queued">
            <LongDateField source="createdAt" />
          </Detail>
          <Detail label="Status">
            <StatusField />
          </Detail>
          <Detail label="Subject" wide>
            <TextField source="subject" />
          </Detail>
        </DetailSection>
        <DetailSection title="Body" columns={1}>
          <Body />
        </DetailSection>
      </Box>
    </Show>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { OutboxList as list, OutboxShow as show };
