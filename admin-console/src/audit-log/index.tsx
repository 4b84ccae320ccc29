import { Typography } from '@mui/material';
import { Datagrid, FunctionField, Link, List, TextField, useCreatePath, useRecordContext } from 'react-admin';
import { LongDateField } from '../components/DateFields';

interface AuditRecord {
  actorEmail?: string | null;
  actorType: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown> | null;
}

// Audit targets that have a page in the console.
const TARGET_RESOURCE: Record<string, string> = { customer: 'customers', transaction: 'transactions', fx_rate: 'fx-rates', crypto_option: 'crypto-options' };

function TargetField(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  const resource = TARGET_RESOURCE[record.targetType];
  const label = `${record.targetType}${record.targetId ? ` ${record.targetId.slice(0, 8)}` : ''}`;
  if (!resource || !record.targetId) return <span>{label}</span>;
  return (
    <Link to={createPath({ resource, id: record.targetId, type: 'show' })} title={record.targetId}>
      {label}
    </Link>
  );
}

function DetailsField(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  const entries = Object.entries(record?.details ?? {});
  if (!entries.length) return <span>—</span>;
  return <span>{entries.map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ')}</span>;
}

export function AuditLogList() {
  return (
    <List sort={{ field: 'id', order: 'DESC' }} title="Audit log (append-only)" exporter={false} actions={false} empty={false}>
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>No staff or customer actions have been recorded yet.</Typography>}>
        <LongDateField source="createdAt" label="When" sortBy="id" />
        <FunctionField label="Who" render={(r: AuditRecord) => r.actorEmail ?? r.actorType} />
        <TextField source="action" sortable={false} />
        <TargetField label="Target" />
        <TextField source="reason" emptyText="—" sortable={false} />
        <DetailsField label="Details" />
        <TextField source="ip" label="IP" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { AuditLogList as list };
