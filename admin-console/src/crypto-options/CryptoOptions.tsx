import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { Box } from '@mui/material';
import { BooleanField, BooleanInput, Datagrid, List, Show, TextField, TextInput, useRecordContext } from 'react-admin';
import { cryptoOptionUpdateSchema } from '@strongroom/shared';
import { LongDateField } from '../components/DateFields';
import { MoneyField } from '../components/MoneyField';
import { Detail, DetailSection } from '../components/DetailGrid';
import { AdminEditActions, ReferenceEdit, ReferenceHistory } from '../components/ReferenceData';

interface CryptoOptionRecord {
  id: string;
  name: string;
  symbol: string;
}

const EDITABLE = ['referencePriceUsd', 'networkFee', 'address', 'enabled', 'reason'];
const LABELS = { referencePriceUsd: 'Reference price (USD)', networkFee: 'Withdrawal fee', address: 'Deposit address', enabled: 'Offered' };

export function CryptoOptionList() {
  return (
    <List sort={{ field: 'id', order: 'ASC' }} title="Crypto options" exporter={false} actions={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="symbol" label="Asset" />
        <TextField source="name" label="Name" />
        <TextField source="network" label="Network" sortable={false} />
        <MoneyField source="referencePriceUsd" label="Reference price" sortBy="referencePriceUsd" />
        <TextField source="networkFee" label="Withdrawal fee (units)" sortable={false} />
        <BooleanField source="enabled" label="Offered" />
        <LongDateField source="updatedAt" label="Updated" />
      </Datagrid>
    </List>
  );
}

function CryptoOptionTitle() {
  const record = useRecordContext<CryptoOptionRecord>();
  return <span>{record ? `${record.name} (${record.symbol})` : 'Crypto option'}</span>;
}

export function CryptoOptionShow() {
  return (
    <Show title={<CryptoOptionTitle />} actions={<AdminEditActions />} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <Box>
        <DetailSection title="Custody asset">
          <Detail label="Reference price (USD)">
            <MoneyField source="referencePriceUsd" />
          </Detail>
          <Detail label="Withdrawal fee (units, taken from the holding)">
            <TextField source="networkFee" />
          </Detail>
          <Detail label="Offered to customers">
            <BooleanField source="enabled" />
          </Detail>
          <Detail label="Network">
            <TextField source="network" />
          </Detail>
          <Detail label="Deposit address" wide>
            <TextField source="address" />
          </Detail>
          <Detail label="Updated">
            <LongDateField source="updatedAt" />
          </Detail>
          <Detail label="Updated by">
            <TextField source="updatedBy" emptyText="—" />
          </Detail>
        </DetailSection>
        <ReferenceHistory labels={LABELS} />
      </Box>
    </Show>
  );
}

export function CryptoOptionEdit() {
  return (
    <ReferenceEdit
      title={<CryptoOptionTitle />}
      schema={cryptoOptionUpdateSchema}
      fields={EDITABLE}
      saveLabel="Save"
      maxWidth={640}
      intro="Reference values shown to customers, not live quotes. Every change is audited and the previous values stay in the history."
    >
      <TextInput source="referencePriceUsd" label="Reference price (USD)" helperText="e.g. 64250.00" fullWidth />
      <TextInput source="networkFee" label="Withdrawal fee" helperText="In the asset's own units, deducted from the holding" fullWidth />
      <TextInput source="address" label="Deposit address" fullWidth />
      <BooleanInput source="enabled" label="Offered to customers" />
    </ReferenceEdit>
  );
}

export const icon = PriceChangeIcon;
