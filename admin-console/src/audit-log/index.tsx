import { Datagrid, FunctionField, List, TextField } from 'react-admin';
import { LongDateField } from '../components/fields';

export function AuditLogList() {
  return (
    <List sort={{ field: 'id', order: 'DESC' }} title="Audit log (append-only)">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <LongDateField source="createdAt" label="When" />
        <FunctionField label="Who" render={(r: { actorEmail?: string; actorType: string }) => r.actorEmail ?? r.actorType} />
        <TextField source="action" />
        <FunctionField label="What" render={(r: { targetType: string; targetId?: string }) => `${r.targetType} ${r.targetId ?? ''}`} />
        <TextField source="reason" emptyText="—" />
        <TextField source="ip" emptyText="—" />
      </Datagrid>
    </List>
  );
}
