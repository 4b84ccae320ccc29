import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { Box } from '@mui/material';
import { Datagrid, List, SelectInput, Show, TextField, TextInput, useRecordContext } from 'react-admin';
import { TRANSFER_CURRENCIES, fxRateUpdateSchema } from '@strongroom/shared';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { AdminEditActions, ReferenceEdit, ReferenceHistory } from '../components/ReferenceData';

interface FxRateRecord {
  id: string;
  base: string;
  quote: string;
  rate: string;
  rateText: string;
}

const EDITABLE = ['rate', 'reason'];
const currencies = TRANSFER_CURRENCIES.map((c) => ({ id: c, name: c }));
const filters = [
  <SelectInput key="base" source="base" label="From" choices={currencies} alwaysOn emptyText="All" />,
  <SelectInput key="quote" source="quote" label="To" choices={currencies} alwaysOn emptyText="All" />,
];

export function FxRateList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'ASC' }} perPage={50} title="FX rates" exporter={false} actions={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="base" label="From" />
        <TextField source="quote" label="To" />
        <TextField source="rate" label="Rate" sx={{ fontVariantNumeric: 'tabular-nums' }} />
        <TextField source="rateText" label="Reads as" sortable={false} />
        <LongDateField source="updatedAt" label="Updated" />
        <TextField source="updatedBy" label="By" sortable={false} />
      </Datagrid>
    </List>
  );
}

function FxRateTitle() {
  const record = useRecordContext<FxRateRecord>();
  return <span>{record ? `FX rate ${record.base} → ${record.quote}` : 'FX rate'}</span>;
}

const LABELS = { rate: 'Rate' };

export function FxRateShow() {
  return (
    <Show title={<FxRateTitle />} actions={<AdminEditActions />} sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}>
      <Box>
        <DetailSection title="Rate in force">
          <Detail label="Rate">
            <TextField source="rate" />
          </Detail>
          <Detail label="Reads as">
            <TextField source="rateText" />
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

export function FxRateEdit() {
  return (
    <ReferenceEdit
      title={<FxRateTitle />}
      schema={fxRateUpdateSchema}
      fields={EDITABLE}
      saveLabel="Save rate"
      maxWidth={560}
      intro="Units of the second currency per one unit of the first, up to 8 decimals. Payments already quoted keep the rate they were quoted at; the old rate stays in the history."
    >
      <TextInput source="rate" label="Rate" helperText="e.g. 1.0870" fullWidth />
    </ReferenceEdit>
  );
}

export const icon = CurrencyExchangeIcon;
