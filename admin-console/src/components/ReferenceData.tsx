import type { ReactElement, ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Datagrid, Edit, EditButton, List, SaveButton, Show, SimpleForm, TextField, TextInput, Toolbar, TopToolbar, usePermissions, useRecordContext, type ListProps } from 'react-admin';
import { formatLongDate, validationErrors } from '@strongroom/shared';
import { LongDateField } from './DateFields';
import { Detail, DetailSection } from './DetailGrid';

// Shared by the staff-maintained reference data resources (FX rates, crypto options; docs/decisions/0015).

export interface ReferenceChange {
  id: string;
  at: string;
  by: string;
  changedFields: string[];
  previous: Record<string, string | boolean>;
  current: Record<string, string | boolean>;
  reason: string | null;
}

const shown = (value: string | boolean | undefined) => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : (value ?? '—'));

/** The record's history of changes (newest first), each with the value before and after: read-only, append-only on the server. */
export function ReferenceHistory({ labels, title = 'History of changes' }: { labels: Record<string, string>; title?: string }) {
  const record = useRecordContext<{ history?: ReferenceChange[] }>();
  const history = record?.history ?? [];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={700} gutterBottom>
          {title}
        </Typography>
        {history.length === 0 ? (
          <Typography color="text.secondary">Not changed since it was set up.</Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title} data-testid="reference-history">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>By</TableCell>
                  <TableCell>Change</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.map((change) => (
                  <TableRow key={change.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatLongDate(change.at)}</TableCell>
                    <TableCell>{change.by}</TableCell>
                    <TableCell>
                      {change.changedFields.map((field) => (
                        <div key={field}>
                          {labels[field] ?? field}: {shown(change.previous[field])} → {shown(change.current[field])}
                        </div>
                      ))}
                    </TableCell>
                    <TableCell>{change.reason ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** Show page actions: an Edit button for admins only (auditors read). */
export function AdminEditActions() {
  const { permissions } = usePermissions();
  return <TopToolbar>{permissions === 'admin' && <EditButton />}</TopToolbar>;
}

/** The edit page for an auditor who followed a link: no form, just why. */
export function AdminsOnly({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions !== 'admin') return <Alert severity="info">Only admins can change reference data. Auditors can read it and its history.</Alert>;
  return <>{children}</>;
}

/** A form validator from a shared yup schema (the server checks the same schema and answers the same messages). */
function validatorFor(schema: { validateSync(value: unknown, options: { abortEarly: false }): unknown }, fields: string[]) {
  return (values: Record<string, unknown>) => {
    try {
      schema.validateSync(pick(values, fields), { abortEarly: false });
      return {};
    } catch (err) {
      return validationErrors(err as Parameters<typeof validationErrors>[0]);
    }
  };
}

/** Only the editable fields of a record (what PUT takes; anything else would be an unknown field). */
function pick(values: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => values[f] !== undefined && values[f] !== null && !(f === 'reason' && values[f] === '')).map((f) => [f, values[f]]));
}

export interface ReferenceEditProps {
  title: ReactNode;
  /** The shared schema of the edit (the server checks the same one) and the fields PUT takes, 'reason' included. */
  schema: Parameters<typeof validatorFor>[0];
  fields: string[];
  intro: ReactNode;
  saveLabel: string;
  maxWidth: number;
  children: ReactNode;
}

/**
 * The edit page of a reference-data record, for admins: validated with the shared schema, saved pessimistically
 * (the history must hold what the server accepted), sending only the editable fields plus an optional reason.
 */
export function ReferenceEdit({ title, schema, fields, intro, saveLabel, maxWidth, children }: ReferenceEditProps) {
  const validate = validatorFor(schema, fields);
  return (
    <AdminsOnly>
      <Edit title={title} mutationMode="pessimistic" redirect="show" transform={(data: Record<string, unknown>) => pick(data, fields)}>
        <SimpleForm
          validate={validate}
          toolbar={
            <Toolbar>
              <SaveButton label={saveLabel} alwaysEnable />
            </Toolbar>
          }
          sx={{ maxWidth }}
        >
          <Typography color="text.secondary">{intro}</Typography>
          {children}
          <TextInput source="reason" label="Reason (optional, kept in the history)" fullWidth multiline />
        </SimpleForm>
      </Edit>
    </AdminsOnly>
  );
}

/** A reference data list: the resource's own columns, then when each row last changed (and, with `by`, who changed it). */
export function ReferenceList({ title, by = false, children, ...props }: Omit<ListProps, 'children'> & { title: string; by?: boolean; children: ReactNode }) {
  return (
    <List sort={{ field: 'id', order: 'ASC' }} title={title} exporter={false} actions={false} {...props}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        {children}
        <LongDateField source="updatedAt" label="Updated" />
        {by && <TextField source="updatedBy" label="By" sortable={false} />}
      </Datagrid>
    </List>
  );
}

/**
 * A reference data record: its values in force (the resource's own details), when and by whom they last changed, and
 * the history of changes; admins edit it from here.
 */
export function ReferenceShow({ title, section, labels, children }: { title: ReactElement; section: string; labels: Record<string, string>; children: ReactNode }) {
  return (
    <Show title={title} actions={<AdminEditActions />} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <Box>
        <DetailSection title={section}>
          {children}
          <Detail label="Updated">
            <LongDateField source="updatedAt" />
          </Detail>
          <Detail label="Updated by">
            <TextField source="updatedBy" emptyText="—" />
          </Detail>
        </DetailSection>
        <ReferenceHistory labels={labels} />
      </Box>
    </Show>
  );
}
