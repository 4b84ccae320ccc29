import type { MouseEvent } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, Link, List, SelectInput, SimpleList, TextField, TextInput, useCreatePath, useRecordContext } from 'react-admin';
import { formatMoney } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { LongDateField } from '../components/DateFields';
import { DecisionButtons } from '../components/DecisionButtons';
import { CRYPTO_REQUEST_PENDING_STATUSES, CRYPTO_REQUEST_STATUSES, units, type CryptoRequestRecord } from './crypto-request-record';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={CRYPTO_REQUEST_STATUSES.map((s) => ({ id: s, name: humanize(s) }))} alwaysOn emptyText="All" />,
  <SelectInput
    key="kind"
    source="kind"
    label="Kind"
    choices={[
      { id: 'deposit', name: 'Deposit' },
      { id: 'withdrawal', name: 'Withdrawal' },
    ]}
    alwaysOn
    emptyText="All"
  />,
  <TextInput key="q" source="q" label="Search customer, account no., address" alwaysOn resettable />,
];

/** The requesting customer, linked to their customer page. */
export function RequesterField(_props: { label?: string }) {
  const record = useRecordContext<CryptoRequestRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link to={createPath({ resource: 'customers', id: record.customerId, type: 'show' })} onClick={(e: MouseEvent) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {record.customerName} · {record.customerAccountNumber}
    </Link>
  );
}

export function CryptoRequestList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'createdAt', order: 'DESC' }} title="Crypto requests" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<CryptoRequestRecord>
          primaryText={(r) => `${humanize(r.kind)} of ${units(r)}`}
          secondaryText={(r) => `${r.customerName} · ${formatMoney(r.valueUsd, 'USD')}`}
          tertiaryText={(r) => humanize(r.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <LongDateField source="createdAt" label="Requested" />
          <RequesterField label="Customer" />
          <FunctionField source="kind" label="Kind" render={(r: CryptoRequestRecord) => humanize(r.kind)} />
          <FunctionField source="amount" label="Amount" render={(r: CryptoRequestRecord) => units(r)} />
          <FunctionField label="Fee" render={(r: CryptoRequestRecord) => (r.kind === 'withdrawal' ? units(r, r.networkFee) : '—')} />
          <FunctionField label="Value (USD)" render={(r: CryptoRequestRecord) => formatMoney(r.valueUsd, 'USD')} />
          <TextField source="network" label="Network" sortable={false} />
          <StatusField label="Status" />
          <DecisionButtons label="Decision" resource="crypto-requests" pendingStatus={CRYPTO_REQUEST_PENDING_STATUSES} />
        </Datagrid>
      )}
    </List>
  );
}
