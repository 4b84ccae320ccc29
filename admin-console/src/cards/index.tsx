import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { BooleanField, Datagrid, FunctionField, List, ReferenceManyField, SelectInput, Show, SimpleList, TextField, TextInput, TopToolbar } from 'react-admin';
import { CARD_STATUSES, formatMoney } from '@strongroom/shared';
import { maskedCardNumber, maskedSsn } from '../components/format';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { DecisionButtons } from '../components/DecisionButtons';
import { CardActions } from './CardActions';

interface CardRecord {
  id: string;
  holderName: string;
  accountNumber: string;
  cardType: string;
  status: string;
  last4: string | null;
  creditLimit: string;
  currency: string;
  frozen: boolean;
}

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={CARD_STATUSES.map((s) => ({ id: s, name: humanize(s) }))} alwaysOn emptyText="All" />,
  <TextInput key="q" source="q" label="Holder, account number or last 4" alwaysOn resettable />,
];

/** Never more than the last 4 digits: the console has no way to show a number or a CVV. */
const maskedNumber = (r: CardRecord) => maskedCardNumber(r.last4);

export function CardList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'createdAt', order: 'DESC' }} title="Cards" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<CardRecord>
          primaryText={(r) => `${r.holderName} · ${humanize(r.cardType)}`}
          secondaryText={(r) => `${maskedNumber(r)} · limit ${formatMoney(r.creditLimit, r.currency)}`}
          tertiaryText={(r) => humanize(r.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <LongDateField source="createdAt" label="Applied" />
          <TextField source="holderName" label="Holder" sortable={false} />
          <TextField source="accountNumber" label="Account" sortable={false} />
          <FunctionField label="Card" sortable={false} render={(r: CardRecord) => `${humanize(r.cardType)} ${maskedNumber(r)}`} />
          <MoneyField source="creditLimit" label="Credit limit" sortable={false} />
          <MoneyField source="balanceOwed" label="Owed" sortable={false} />
          <StatusField label="Status" />
          <BooleanField source="frozen" label="Frozen" sortable={false} />
          <DecisionButtons label="Decision" resource="cards" pendingStatus="pending" />
          <CardActions label="Actions" />
        </Datagrid>
      )}
    </List>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <DecisionButtons resource="cards" pendingStatus="pending" />
      <CardActions />
    </TopToolbar>
  );
}

export function CardShow() {
  return (
    <Show actions={<ShowActions />} title="Card" sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <DetailSection title="Card">
        <Detail label="Status">
          <StatusField />
        </Detail>
        <Detail label="Type">
          <FunctionField render={(r: CardRecord) => humanize(r.cardType)} />
        </Detail>
        <Detail label="Number">
          <FunctionField render={(r: CardRecord) => maskedNumber(r)} />
        </Detail>
        <Detail label="Expiry">
          <TextField source="expiry" emptyText="—" />
        </Detail>
        <Detail label="Frozen by customer">
          <BooleanField source="frozen" />
        </Detail>
        <Detail label="Freeze everything on">
          <BooleanField source="frozenByAccount" />
        </Detail>
        <Detail label="Block reason">
          <TextField source="blockReason" emptyText="—" />
        </Detail>
        <Detail label="Rejection reason">
          <TextField source="rejectionReason" emptyText="—" />
        </Detail>
        <Detail label="Applied">
          <LongDateField source="createdAt" />
        </Detail>
      </DetailSection>
      <DetailSection title="Credit line" columns={4}>
        <Detail label="Credit limit">
          <MoneyField source="creditLimit" />
        </Detail>
        <Detail label="Balance owed">
          <MoneyField source="balanceOwed" />
        </Detail>
        <Detail label="Holds">
          <MoneyField source="holds" />
        </Detail>
        <Detail label="Available credit">
          <MoneyField source="availableCredit" />
        </Detail>
      </DetailSection>
      <DetailSection title="Applicant">
        <Detail label="Name">
          <TextField source="holderName" />
        </Detail>
        <Detail label="Account number">
          <TextField source="accountNumber" />
        </Detail>
        <Detail label="SSN">
          <FunctionField render={(r: { ssnLast4: string }) => maskedSsn(r.ssnLast4)} />
        </Detail>
        <Detail label="Email">
          <TextField source="email" />
        </Detail>
        <Detail label="Phone">
          <TextField source="phone" />
        </Detail>
        <Detail label="Address" wide>
          <TextField source="address" />
        </Detail>
      </DetailSection>
      <DetailSection title="Authorisations" columns={1}>
        <Detail label="Latest" wide>
          <ReferenceManyField reference="card-authorisations" target="cardId" sort={{ field: 'createdAt', order: 'DESC' }} perPage={10}>
            <Datagrid bulkActionButtons={false} rowClick="show" empty={<Typography variant="body2">No authorisations yet.</Typography>}>
              <LongDateField source="createdAt" label="Date" />
              <TextField source="merchant" sortable={false} />
              <MoneyField source="amount" label="Amount" sortable={false} />
              <StatusField label="Status" />
              <TextField source="declineReason" label="Decline reason" emptyText="—" sortable={false} />
            </Datagrid>
          </ReferenceManyField>
        </Detail>
      </DetailSection>
    </Show>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { CardList as list, CardShow as show };
