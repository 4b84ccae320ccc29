import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, SelectInput, SimpleList, TextField, TextInput } from 'react-admin';
import { LOAN_STATUSES, formatMoney, type LoanAdminDto } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { LongDateField } from '../components/DateFields';
import { DecisionButtons } from '../components/DecisionButtons';
import { LOAN_PENDING_STATUSES, loanTypeLabel } from './loan-status';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={LOAN_STATUSES.map((s) => ({ id: s, name: humanize(s) }))} alwaysOn emptyText="All" />,
  <TextInput key="q" source="q" label="Search customer name or account" alwaysOn resettable />,
];

export function LoanList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Loans" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<LoanAdminDto>
          primaryText={(r) => `${loanTypeLabel(r.loanType)} · ${r.customerName}`}
          secondaryText={(r) => `${formatMoney(r.loanAmount, r.currency)} over ${r.termLength} months`}
          tertiaryText={(r) => humanize(r.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <LongDateField source="createdAt" label="Applied" sortBy="createdAt" />
          <TextField source="customerName" label="Customer" sortable={false} />
          <FunctionField<LoanAdminDto> label="Type" sortBy="loanType" render={(r) => loanTypeLabel(r.loanType)} />
          <MoneyField source="loanAmount" label="Amount" sortBy="amount" />
          <FunctionField<LoanAdminDto> label="Term" sortable={false} render={(r) => `${r.termLength} months`} />
          <MoneyField source="monthlyPayment" label="Monthly" sortable={false} />
          <StatusField label="Status" />
          <FunctionField<LoanAdminDto> label="Collection" sortable={false} render={(r) => (r.status === 'approved' ? `${r.collection.paid} paid · ${r.collection.missed} missed` : '')} />
          <DecisionButtons label="Decision" resource="loans" pendingStatus={LOAN_PENDING_STATUSES} />
        </Datagrid>
      )}
    </List>
  );
}
