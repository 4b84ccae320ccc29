import { Alert, AlertTitle, Box, List as MuiList, ListItem, Typography } from '@mui/material';
import { Datagrid, FunctionField, Link, ReferenceManyField, Show, TextField, TopToolbar, useCreatePath, useRecordContext } from 'react-admin';
import { formatLongDate, formatMoney } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { CalendarDateField, LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { DecisionButtons } from '../components/DecisionButtons';
import { ChequeImages } from './ChequeImages';
import { DepositorField } from './ChequeList';
import { CHEQUE_PENDING_STATUSES, type ChequeRecord } from './cheque-record';

function ChequeTitle() {
  const record = useRecordContext<ChequeRecord>();
  return <span>{record ? `Cheque no. ${record.chequeNumber}` : 'Cheque'}</span>;
}

/** Earlier deposits of what looks like the same cheque: the reviewer decides with them in view. */
function DuplicateWarning() {
  const record = useRecordContext<ChequeRecord>();
  const createPath = useCreatePath();
  const duplicates = record?.duplicates ?? [];
  if (!duplicates.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="duplicate-warning">
      <AlertTitle>Possible duplicate: {duplicates.length === 1 ? 'another deposit looks' : `${duplicates.length} other deposits look`} like this cheque</AlertTitle>
      <MuiList dense disablePadding>
        {duplicates.map((d) => (
          <ListItem key={d.id} disableGutters>
            <Link to={createPath({ resource: 'cheques', id: d.id, type: 'show' })}>
              {[d.sameDrawer && 'same bank, cheque no. and account', d.sameImage && 'same front image'].filter(Boolean).join(' and ')}: {formatMoney(d.amount, d.currency)} by {d.customerName},{' '}
              {formatLongDate(d.createdAt)}, {humanize(d.status)}
            </Link>
          </ListItem>
        ))}
      </MuiList>
    </Alert>
  );
}

/** Four eyes: who gave the first approval, so that a different admin gives the second. */
function FourEyesState() {
  const record = useRecordContext<ChequeRecord>();
  if (record?.status !== 'awaiting_second_approval' || !record.firstApproval) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="first-approval">
      First approval by {record.firstApproval.email ?? record.firstApproval.staffId} on {formatLongDate(record.firstApproval.at)}. A second admin must approve before the money is credited.
    </Alert>
  );
}

function CreditReference() {
  const record = useRecordContext<ChequeRecord>();
  const createPath = useCreatePath();
  if (!record?.transactionId || !record.transactionReference) return <Typography variant="body2">—</Typography>;
  return <Link to={createPath({ resource: 'transactions', id: record.transactionId, type: 'show' })}>{record.transactionReference}</Link>;
}

/** Every status change, with the staff member or customer behind it. */
function ChequeTimeline() {
  return (
    <ReferenceManyField reference="status-events" target="subjectId" filter={{ subjectType: 'cheque' }} sort={{ field: 'id', order: 'ASC' }} perPage={50}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <LongDateField source="createdAt" label="When" />
        <FunctionField label="Status" render={(e: { from: string | null; to: string }) => `${e.from ? `${humanize(e.from)} → ` : ''}${humanize(e.to)}`} />
        <FunctionField
          label="By"
          render={(e: { actorType: string; actorEmail: string | null }) => (e.actorType === 'staff' ? (e.actorEmail ?? 'staff') : e.actorType === 'customer' ? 'Customer' : 'System')}
        />
        <TextField source="reason" emptyText="—" sortable={false} />
      </Datagrid>
    </ReferenceManyField>
  );
}

export function ChequeShow() {
  return (
    <Show
      title={<ChequeTitle />}
      actions={
        <TopToolbar>
          <DecisionButtons resource="cheques" pendingStatus={CHEQUE_PENDING_STATUSES} />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}
    >
      <Box>
        <DuplicateWarning />
        <FourEyesState />
        <DetailSection title="Images" columns={1}>
          <ChequeImages />
        </DetailSection>
        <DetailSection title="Cheque">
          <Detail label="Status">
            <StatusField />
          </Detail>
          <Detail label="Amount">
            <MoneyField source="amount" />
          </Detail>
          <Detail label="Deposited">
            <LongDateField source="createdAt" />
          </Detail>
          <Detail label="Cheque number">
            <TextField source="chequeNumber" />
          </Detail>
          <Detail label="Drawer bank">
            <TextField source="bankName" />
          </Detail>
          <Detail label="Drawer account number">
            <TextField source="accountNumber" emptyText="—" />
          </Detail>
          <Detail label="Issue date">
            <CalendarDateField source="issueDate" />
          </Detail>
          <Detail label="Customer">
            <DepositorField />
          </Detail>
          <Detail label="Credit">
            <CreditReference />
          </Detail>
          <Detail label="Note from the customer" wide>
            <TextField source="note" emptyText="—" />
          </Detail>
          <Detail label="Reason given to the customer" wide>
            <TextField source="reason" emptyText="—" />
          </Detail>
        </DetailSection>
        <DetailSection title="Timeline" columns={1}>
          <ChequeTimeline />
        </DetailSection>
      </Box>
    </Show>
  );
}
