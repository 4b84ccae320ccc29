import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { Box, Typography } from '@mui/material';
import { Datagrid, Edit, List, SaveButton, SelectInput, Show, SimpleForm, TextField, TextInput, Toolbar, useRecordContext } from 'react-admin';
import { TRANSFER_CURRENCIES, fxRateUpdateSchema } from '@strongroom/shared';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { AdminEditActions, AdminsOnly, ReferenceHistory, pick, validatorFor } from '../components/ReferenceData';

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
      <Datagrid rowClick="show" bulkActionButtons={false} sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}>
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

const validate = validatorFor(fxRateUpdateSchema, EDITABLE);

export function FxRateEdit() {
  return (
    <AdminsOnly>
      <Edit title={<FxRateTitle />} mutationMode="pessimistic" redirect="show" transform={(data: Record<string, unknown>) => pick(data, EDITABLE)}>
        <SimpleForm
          validate={validate}
          toolbar={
            <Toolbar>
              <SaveButton label="Save rate" alwaysEnable />
            </Toolbar>
          }
          sx={{ maxWidth: 560 }}
        >
          <Typography color="text.secondary">
            Units of the second currency per one unit of the first, up to 8 decimals. Payments already quoted keep the rate they were quoted at; the old rate stays in the history.
          </Typography>
          <TextInput source="rate" label="Rate" helperText="e.g. 1.0870" fullWidth />
          <TextInput source="reason" label="Reason (optional, kept in the history)" fullWidth multiline />
        </SimpleForm>
      </Edit>
    </AdminsOnly>
  );
}

export const icon = CurrencyExchangeIcon;
