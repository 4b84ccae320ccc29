import type { MouseEvent } from 'react';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  ArrayField,
  BooleanField,
  Datagrid,
  FunctionField,
  Link,
  List,
  SelectInput,
  Show,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useCreatePath,
  usePermissions,
  useRecordContext,
  useShowContext,
} from 'react-admin';
import { formatMoney } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { DecisionButtons } from '../components/DecisionButtons';
import { StatusHistory } from '../components/StatusHistory';
import { AccountStatusActions } from './AccountStatusActions';
import { AccountInterest } from './AccountInterest';
import { ACCOUNT_PENDING_STATUSES, currencyChoices, groupedNumber, productChoices, productName, statusChoices, type AccountDetail, type AccountRecord } from './account-record';

const filters = [
  <TextInput key="number" source="number" label="Account number (or its first digits)" alwaysOn resettable />,
  <SelectInput key="product" source="product" label="Product" choices={productChoices} alwaysOn emptyText="All" />,
  <SelectInput key="currency" source="currency" label="Currency" choices={currencyChoices} alwaysOn emptyText="All" />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn emptyText="All" />,
];

/** The account's owner, linked to their customer page. */
function OwnerField(_props: { label?: string }) {
  const record = useRecordContext<AccountRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link to={createPath({ resource: 'customers', id: record.ownerId, type: 'show' })} onClick={(e: MouseEvent) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {record.ownerName}
    </Link>
  );
}

const numberOf = (r: AccountRecord) => groupedNumber(r.number);

export function AccountList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Auditors read only: no Decision or Actions column that would stay empty for them.
  const admin = usePermissions().permissions === 'admin';
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} title="Accounts" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<AccountRecord>
          primaryText={(r) => `${numberOf(r)} · ${r.name}`}
          secondaryText={(r) => `${r.ownerName} · ${formatMoney(r.balance, r.currency)}`}
          tertiaryText={(r) => humanize(r.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField label="Number" sortBy="number" render={(r: AccountRecord) => <span style={{ whiteSpace: 'nowrap' }}>{numberOf(r)}</span>} />
          <TextField source="name" label="Name" sortable={false} />
          <FunctionField label="Product" sortable={false} render={(r: AccountRecord) => productName(r.product)} />
          <TextField source="currency" label="Currency" sortable={false} />
          <OwnerField label="Owner" />
          <BooleanField source="isPrimary" label="Primary" sortable={false} />
          <MoneyField source="balance" label="Balance" sortable={false} />
          <StatusField label="Status" />
          <LongDateField source="openedAt" label="Opened" sortable={false} />
          {admin && <DecisionButtons label="Decision" resource="accounts" pendingStatus={ACCOUNT_PENDING_STATUSES} />}
          {admin && <AccountStatusActions label="Actions" />}
        </Datagrid>
      )}
    </List>
  );
}

function AccountTitle() {
  const record = useRecordContext<AccountRecord>();
  return <span>{record ? `${record.name} · ${numberOf(record)}` : 'Account'}</span>;
}

function ShowActions() {
  return (
    <TopToolbar>
      <DecisionButtons resource="accounts" pendingStatus={ACCOUNT_PENDING_STATUSES} />
      <AccountStatusActions />
    </TopToolbar>
  );
}

type Holder = AccountDetail['holders'][number];

export function AccountShow() {
  return (
    <Show title={<AccountTitle />} actions={<ShowActions />} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <DetailSection title="Account">
        <Detail label="Number">
          <FunctionField render={numberOf} />
        </Detail>
        <Detail label="Name">
          <TextField source="name" />
        </Detail>
        <Detail label="Product">
          <FunctionField render={(r: AccountRecord) => `${productName(r.product)}${r.isPrimary ? ' (primary account)' : ''}`} />
        </Detail>
        <Detail label="Currency">
          <TextField source="currency" />
        </Detail>
        <Detail label="Status">
          <StatusField />
        </Detail>
        <Detail label="Reason given">
          <TextField source="statusReason" emptyText="—" />
        </Detail>
        <Detail label="Opened">
          <LongDateField source="openedAt" />
        </Detail>
        <Detail label="Closed">
          <LongDateField source="closedAt" />
        </Detail>
        <Detail label="Owner">
          <OwnerField />
        </Detail>
      </DetailSection>
      <DetailSection title="Money">
        <Detail label="Balance">
          <MoneyField source="balance" />
        </Detail>
        <Detail label="On hold (pending payments, already out of the balance)">
          <MoneyField source="held" />
        </Detail>
        <Detail label="Pending payments" wide>
          <ArrayField source="holds">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">None waiting for settlement.</Typography>}>
              <LongDateField source="createdAt" label="Sent" />
              <FunctionField label="Kind" render={(h: { kind: string }) => humanize(h.kind.replace(/^transfer_/, ''))} />
              <AmountIn label="Amount with fee" source="amount" />
            </Datagrid>
          </ArrayField>
        </Detail>
      </DetailSection>
      <AccountInterest />
      <DetailSection title="Holders" columns={1}>
        <ArrayField source="holders">
          <Datagrid
            bulkActionButtons={false}
            rowClick={(_id, _resource, h) => `/customers/${(h as Holder).customerId}/show`}
            empty={<Typography variant="body2">Only the owner holds this account.</Typography>}
          >
            <TextField source="name" label="Name" />
            <TextField source="accountNumber" label="Their number" />
            <FunctionField label="Role" render={(h: Holder) => humanize(h.role)} />
            <StatusField label="Status" />
            <AmountIn label="Daily limit" source="dailyLimit" />
            <AmountIn label="Spent today" source="spentToday" />
            <LongDateField source="since" label="Since" />
          </Datagrid>
        </ArrayField>
      </DetailSection>
      <DetailSection title="Latest transactions" columns={1}>
        <ArrayField source="transactions">
          <Datagrid bulkActionButtons={false} rowClick={(id) => `/transactions/${id}/show`} empty={<Typography variant="body2">No transactions yet.</Typography>}>
            <LongDateField source="createdAt" label="Date" />
            <TextField source="reference" />
            <TextField source="description" />
            <MoneyField source="amount" label="Amount" signed />
            <StatusField label="Status" />
          </Datagrid>
        </ArrayField>
      </DetailSection>
      <DetailSection title="Status history" columns={1}>
        <StatusHistory subjectType="account" />
      </DetailSection>
    </Show>
  );
}

/** An amount of a row inside the account (a hold, a holder's limit), in the account's currency (the page's record). */
function AmountIn({ source }: { source: string; label?: string }) {
  const { record: account } = useShowContext<AccountDetail & { id: string }>();
  return <FunctionField render={(row: Record<string, unknown>) => (row[source] ? formatMoney(String(row[source]), account?.currency ?? 'USD') : '—')} />;
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { AccountList as list, AccountShow as show };
