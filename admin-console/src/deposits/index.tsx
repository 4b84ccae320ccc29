// Term deposits (docs/decisions/0063-interest.md), read-only for every staff member: the list by maturity date,
// filtered by status and maturity, and one deposit's terms and outcome.
import type { MouseEvent } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { BooleanField, Datagrid, DateInput, FunctionField, Link, List, NumberField, SelectInput, Show, SimpleList, TextField, useCreatePath, useRecordContext } from 'react-admin';
import { formatMoney } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { CalendarDateField, LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';

interface DepositRecord {
  id: string;
  accountNumber: string;
  name: string;
  currency: string;
  status: 'active' | 'matured' | 'withdrawn';
  principal: string;
  termMonths: number;
  rate: string;
  startDate: string;
  maturityDate: string;
  expectedInterest: string;
  renew: boolean;
  customerId: string;
  ownerName: string;
}

const statusChoices = ['active', 'matured', 'withdrawn'].map((id) => ({ id, name: humanize(id) }));

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn emptyText="All" />,
  <DateInput key="maturityFrom" source="maturityFrom" label="Maturing from" alwaysOn />,
  <DateInput key="maturityTo" source="maturityTo" label="Maturing by" alwaysOn />,
];

/** The deposit's owner, linked to their customer page. */
function OwnerField(_props: { label?: string }) {
  const record = useRecordContext<DepositRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link to={createPath({ resource: 'customers', id: record.customerId, type: 'show' })} onClick={(e: MouseEvent) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {record.ownerName}
    </Link>
  );
}

export function DepositList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'maturityDate', order: 'ASC' }} title="Term deposits" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<DepositRecord>
          primaryText={(r) => `${r.accountNumber} · ${r.ownerName}`}
          secondaryText={(r) => `${formatMoney(r.principal, r.currency)} at ${r.rate}% to ${r.maturityDate}`}
          tertiaryText={(r) => humanize(r.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="accountNumber" label="Account" sortable={false} />
          <OwnerField label="Owner" />
          <MoneyField source="principal" label="Principal" sortBy="principal" />
          <NumberField source="termMonths" label="Months" sortable={false} />
          <FunctionField label="Rate" sortable={false} render={(r: DepositRecord) => `${r.rate}%`} />
          <CalendarDateField source="startDate" label="Started" />
          <CalendarDateField source="maturityDate" label="Matures" />
          <MoneyField source="expectedInterest" label="Interest at maturity" sortable={false} />
          <BooleanField source="renew" label="Renews" sortable={false} />
          <StatusField label="Status" />
        </Datagrid>
      )}
    </List>
  );
}

function DepositTitle() {
  const record = useRecordContext<DepositRecord>();
  return <span>{record ? `${record.name} · ${record.accountNumber}` : 'Term deposit'}</span>;
}

export function DepositShow() {
  return (
    <Show title={<DepositTitle />} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <DetailSection title="Deposit">
        <Detail label="Account">
          <TextField source="accountNumber" />
        </Detail>
        <Detail label="Owner">
          <OwnerField />
        </Detail>
        <Detail label="Status">
          <StatusField />
        </Detail>
        <Detail label="Principal">
          <MoneyField source="principal" />
        </Detail>
        <Detail label="Rate (locked)">
          <FunctionField render={(r: DepositRecord) => `${r.rate}% for ${r.termMonths} months`} />
        </Detail>
        <Detail label="Started">
          <CalendarDateField source="startDate" />
        </Detail>
        <Detail label="Matures">
          <CalendarDateField source="maturityDate" />
        </Detail>
        <Detail label="Interest at maturity">
          <MoneyField source="expectedInterest" />
        </Detail>
        <Detail label="Accrued so far">
          <MoneyField source="accruedInterest" />
        </Detail>
        <Detail label="Renews at maturity">
          <BooleanField source="renew" />
        </Detail>
        <Detail label="Renewals">
          <NumberField source="renewals" />
        </Detail>
        <Detail label="Interest paid">
          <MoneyField source="interestPaid" />
        </Detail>
        <Detail label="Interest forfeited">
          <MoneyField source="forfeited" />
        </Detail>
        <Detail label="Ended">
          <LongDateField source="endedAt" />
        </Detail>
      </DetailSection>
    </Show>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { DepositList as list, DepositShow as show };
