import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import {
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  Edit,
  EditButton,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  useGetIdentity,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';
import { staffInviteSchema, staffUpdateSchema, validationErrors, type StaffMemberDto } from '@strongroom/shared';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { StatusField } from '../components/StatusField';
import { api } from '../providers/api';
import { errorMessage } from '../providers/http';

// The bank's staff (docs/decisions/0051): admins invite colleagues, change their role and take access away; auditors
// read the list. The server refuses the same things this page does not offer (one's own role or access, say).

const ROLE_CHOICES = [
  { id: 'admin', name: 'Admin (approves and rejects)' },
  { id: 'auditor', name: 'Auditor (read-only)' },
];
const roleName = (role: string) => (role === 'admin' ? 'Admin' : 'Auditor');
const EDITABLE = ['name', 'role', 'active'] as const;

/** A form validator from a shared yup schema: the server checks the same one and answers the same messages. */
const validatorFor = (schema: { validateSync(value: unknown, options: { abortEarly: false }): unknown }, fields: readonly string[]) => (values: Record<string, unknown>) => {
  try {
    schema.validateSync(Object.fromEntries(fields.map((field) => [field, values[field]])), { abortEarly: false });
    return {};
  } catch (err) {
    return validationErrors(err as Parameters<typeof validationErrors>[0]);
  }
};

function ListActions() {
  const { permissions } = usePermissions();
  return <TopToolbar>{permissions === 'admin' && <CreateButton label="Invite a colleague" />}</TopToolbar>;
}

export function StaffList() {
  return (
    <List title="Staff" sort={{ field: 'name', order: 'ASC' }} perPage={50} exporter={false} actions={<ListActions />}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" label="Name" />
        <TextField source="email" label="E-mail" />
        <FunctionField source="role" label="Role" render={(member: StaffMemberDto) => roleName(member.role)} />
        <StatusField source="status" label="Status" />
        <FunctionField label="Authenticator" sortable={false} render={(member: StaffMemberDto) => (member.authenticatorEnrolled ? 'Set up' : 'Not yet')} />
        <LongDateField source="lastSignInAt" label="Last sign-in" sortable={false} />
      </Datagrid>
    </List>
  );
}

function StaffTitle() {
  const member = useRecordContext<StaffMemberDto>();
  return <span>{member ? `${member.name} · ${roleName(member.role)}` : 'Staff member'}</span>;
}

/** An invited member's link expired or got lost: a new one, and the old one stops working. */
function ResendInvitationButton() {
  const member = useRecordContext<StaffMemberDto>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (member?.status !== 'invited') return null;
  const resend = async () => {
    setBusy(true);
    try {
      await api.POST('/v1/admin/staff/{id}/invitation', { params: { path: { id: member.id } } });
      notify(`A new invitation is on its way to ${member.email}`, { type: 'success' });
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<SendIcon />} onClick={resend} disabled={busy}>
      Send a new invitation
    </Button>
  );
}

function ShowActions() {
  const { permissions } = usePermissions();
  if (permissions !== 'admin') return <TopToolbar />;
  return (
    <TopToolbar>
      <ResendInvitationButton />
      <EditButton />
    </TopToolbar>
  );
}

export function StaffShow() {
  return (
    <Show title={<StaffTitle />} actions={<ShowActions />} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <DetailSection title="Staff member">
        <Detail label="Name">
          <TextField source="name" />
        </Detail>
        <Detail label="E-mail">
          <TextField source="email" />
        </Detail>
        <Detail label="Role">
          <FunctionField render={(member: StaffMemberDto) => roleName(member.role)} />
        </Detail>
        <Detail label="Status">
          <StatusField source="status" />
        </Detail>
        <Detail label="Authenticator app">
          <FunctionField render={(member: StaffMemberDto) => (member.authenticatorEnrolled ? 'Set up' : 'Set up at first sign-in')} />
        </Detail>
        <Detail label="Last sign-in">
          <FunctionField render={(member: StaffMemberDto) => (member.lastSignInAt ? <LongDateField source="lastSignInAt" /> : 'Never')} />
        </Detail>
        <Detail label="Invitation expires">
          <FunctionField render={(member: StaffMemberDto) => (member.invitationExpiresAt ? <LongDateField source="invitationExpiresAt" /> : '—')} />
        </Detail>
        <Detail label="Added">
          <LongDateField source="createdAt" />
        </Detail>
      </DetailSection>
    </Show>
  );
}

/** Auditors who followed a link to a form get why there is none. */
function AdminsOnly({ children }: { children: React.ReactNode }) {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions !== 'admin') return <Alert severity="info">Only admins can invite colleagues and change their access. Auditors can read the staff list.</Alert>;
  return <>{children}</>;
}

export function StaffCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  // Our own onSuccess replaces react-admin's (its notice and its redirect): both are done here.
  const invited = (member: StaffMemberDto) => {
    notify(`Invitation sent to ${member.email}`, { type: 'success' });
    redirect('show', 'staff', member.id);
  };
  return (
    <AdminsOnly>
      <Create title="Invite a colleague" mutationOptions={{ onSuccess: invited }}>
        <SimpleForm validate={validatorFor(staffInviteSchema, ['email', 'name', 'role'])} sx={{ maxWidth: 520 }}>
          <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
            We e-mail them a link to set their password (it works once, for 72 hours). At their first sign-in they set up an authenticator app.
          </Alert>
          <TextInput source="name" label="Full name" fullWidth />
          <TextInput source="email" label="Work e-mail" type="email" fullWidth />
          <SelectInput source="role" label="Role" choices={ROLE_CHOICES} fullWidth />
        </SimpleForm>
      </Create>
    </AdminsOnly>
  );
}

/** One's own role and access are not offered: another admin must change them (the server refuses it too). */
function EditFields() {
  const member = useRecordContext<StaffMemberDto>();
  const { identity } = useGetIdentity();
  const own = !!member && member.id === identity?.id;
  return (
    <Box sx={{ width: '100%' }}>
      {own && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This is you: another admin changes your role or access.
        </Alert>
      )}
      <TextInput source="name" label="Full name" fullWidth />
      <SelectInput source="role" label="Role" choices={ROLE_CHOICES} fullWidth disabled={own} />
      <BooleanInput source="active" label="May sign in" helperText="Turning this off signs them out everywhere at once." disabled={own} />
    </Box>
  );
}

export function StaffEdit() {
  return (
    <AdminsOnly>
      <Edit title={<StaffTitle />} mutationMode="pessimistic" redirect="show" transform={(data: Record<string, unknown>) => Object.fromEntries(EDITABLE.map((field) => [field, data[field]]))}>
        <SimpleForm validate={validatorFor(staffUpdateSchema, EDITABLE)} sx={{ maxWidth: 520 }}>
          <EditFields />
        </SimpleForm>
      </Edit>
    </AdminsOnly>
  );
}
