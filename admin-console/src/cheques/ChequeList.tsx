import type { MouseEvent } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, Link, List, SelectInput, SimpleList, TextField, TextInput, useCreatePath, useRecordContext } from 'react-admin';
import { formatMoney } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { LongDateField } from '../components/DateFields';
import { DecisionButtons } from '../components/DecisionButtons';
import { CHEQUE_PENDING_STATUSES, CHEQUE_STATUSES, type ChequeRecord } from './cheque-record';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={CHEQUE_STATUSES.map((s) => ({ id: s, name: humanize(s) }))} alwaysOn emptyText="All" />,
  <TextInput key="q" source="q" label="Search cheque no., bank, customer" alwaysOn resettable />,
];

/** The depositing customer, linked to their customer page. */
export function DepositorField(_props: { label?: string }) {
  const record = useRecordContext<ChequeRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link to={createPath({ resource: 'customers', id: record.customerId, type: 'show' })} onClick={(e: MouseEvent) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {record.customerName} · {record.customerAccountNumber}
    </Link>
  );
}

export function ChequeList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'createdAt', order: 'DESC' }} title="Cheque deposits" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<ChequeRecord>
          primaryText={(r) => `${formatMoney(r.amount, r.currency)} · cheque no. ${r.chequeNumber}`}
          secondaryText={(r) => `${r.customerName} · ${r.bankName}`}
          tertiaryText={(r) => humanize(r.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <LongDateField source="createdAt" label="Deposited" />
          <DepositorField label="Customer" />
          <TextField source="chequeNumber" label="Cheque no." />
          <TextField source="bankName" label="Drawer bank" sortable={false} />
          <MoneyField source="amount" label="Amount" />
          <StatusField label="Status" />
          <DecisionButtons label="Decision" resource="cheques" pendingStatus={CHEQUE_PENDING_STATUSES} />
        </Datagrid>
      )}
    </List>
  );
}
