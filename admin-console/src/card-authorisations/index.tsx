import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, ReferenceField, SelectInput, Show, SimpleList, TextField } from 'react-admin';
import { CARD_AUTHORISATION_STATUSES, formatMoney } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';

interface AuthorisationRecord {
  id: string;
  cardLast4: string;
  merchant: string;
  amount: string;
  currency: string;
  status: string;
  declineReason: string | null;
}

const filters = [<SelectInput key="status" source="status" label="Status" choices={CARD_AUTHORISATION_STATUSES.map((s) => ({ id: s, name: humanize(s) }))} alwaysOn emptyText="All" />];

export function CardAuthorisationList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Card authorisations" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<AuthorisationRecord>
          primaryText={(r) => r.merchant}
          secondaryText={(r) => `•••• ${r.cardLast4} · ${formatMoney(r.amount, r.currency)}`}
          tertiaryText={(r) => (r.declineReason ? `Declined: ${humanize(r.declineReason)}` : humanize(r.status))}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <LongDateField source="createdAt" label="Date" />
          <FunctionField label="Card" sortable={false} render={(r: AuthorisationRecord) => `•••• ${r.cardLast4}`} />
          <TextField source="merchant" sortable={false} />
          <MoneyField source="amount" label="Amount" sortable={false} />
          <MoneyField source="capturedAmount" label="Captured" sortable={false} />
          <StatusField label="Status" />
          <FunctionField label="Decline reason" sortable={false} render={(r: AuthorisationRecord) => (r.declineReason ? humanize(r.declineReason) : '—')} />
        </Datagrid>
      )}
    </List>
  );
}

export function CardAuthorisationShow() {
  return (
    <Show title="Card authorisation" sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <DetailSection title="Authorisation">
        <Detail label="Status">
          <StatusField />
        </Detail>
        <Detail label="Decline reason">
          <FunctionField render={(r: AuthorisationRecord) => (r.declineReason ? humanize(r.declineReason) : '—')} />
        </Detail>
        <Detail label="Date">
          <LongDateField source="createdAt" />
        </Detail>
        <Detail label="Merchant">
          <TextField source="merchant" />
        </Detail>
        <Detail label="Amount">
          <MoneyField source="amount" />
        </Detail>
        <Detail label="Captured">
          <MoneyField source="capturedAmount" />
        </Detail>
        <Detail label="Card">
          <FunctionField render={(r: AuthorisationRecord) => `•••• ${r.cardLast4}`} />
        </Detail>
        <Detail label="Card record">
          <ReferenceField source="cardId" reference="cards" link="show" emptyText="Unknown card">
            <TextField source="holderName" />
          </ReferenceField>
        </Detail>
      </DetailSection>
    </Show>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { CardAuthorisationList as list, CardAuthorisationShow as show };
