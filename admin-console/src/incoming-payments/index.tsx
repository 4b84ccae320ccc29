import { Box } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SelectInput, Show, TextField, useRecordContext } from 'react-admin';
import { formatMoney } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { Detail, DetailSection } from '../components/DetailGrid';
import { DecisionButtons } from '../components/DecisionButtons';
import { StatusHistory } from '../components/StatusHistory';

interface IncomingPayment {
  id: string;
  amount: string;
  currency: string;
  firstApproval?: { email: string | null; at: string } | null;
}

const filters = [
  <SelectInput key="status" source="status" label="Status" alwaysOn emptyText="All" choices={['awaiting_second_approval', 'approved', 'rejected'].map((s) => ({ id: s, name: humanize(s) }))} />,
];

const amount = (r: IncomingPayment) => formatMoney(r.amount, r.currency);

/** Payments in from the network posted by staff; those above the four-eyes threshold wait here for a second admin. */
export function IncomingPaymentList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'awaiting_second_approval' }} sort={{ field: 'created_at', order: 'DESC' }} title="Incoming payments" exporter={false} actions={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" label="Posted" sortBy="created_at" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} />
        <TextField source="networkReference" label="Network reference" sortable={false} />
        <TextField source="holderName" label="Customer" sortable={false} />
        <FunctionField label="Amount" render={amount} />
        <TextField source="postedBy" label="Posted by" sortable={false} />
        <StatusField label="Status" />
        <DecisionButtons resource="incoming-payments" pendingStatus={[]} label="Decision" />
      </Datagrid>
    </List>
  );
}

function FirstApproval() {
  const record = useRecordContext<IncomingPayment>();
  if (!record?.firstApproval) return <>—</>;
  return <>{record.firstApproval.email ?? 'staff'}</>;
}

export function IncomingPaymentShow() {
  return (
    <Show title="Incoming payment" sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <Box>
        <DetailSection title="Payment">
          <Detail label="Amount">
            <FunctionField render={amount} />
          </Detail>
          <Detail label="Status">
            <StatusField />
          </Detail>
          <Detail label="From">
            <FunctionField render={(r: { senderName: string; senderBank: string }) => `${r.senderName} · ${r.senderBank}`} />
          </Detail>
          <Detail label="To">
            <FunctionField render={(r: { holderName: string; accountNumber: string }) => `${r.holderName} · account ${r.accountNumber}`} />
          </Detail>
          <Detail label="Network reference">
            <TextField source="networkReference" />
          </Detail>
          <Detail label="First approval (posted by)">
            <FirstApproval />
          </Detail>
        </DetailSection>
        <DetailSection title="Decision" columns={1}>
          <DecisionButtons resource="incoming-payments" pendingStatus={[]} />
        </DetailSection>
        <DetailSection title="History" columns={1}>
          <StatusHistory subjectType="incoming_payment" />
        </DetailSection>
      </Box>
    </Show>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { IncomingPaymentList as list, IncomingPaymentShow as show };
