import { SelectInput, TextField, TextInput, useRecordContext } from 'react-admin';
import { TRANSFER_CURRENCIES, fxRateUpdateSchema } from '@strongroom/shared';
import { Detail } from '../components/DetailGrid';
import { ReferenceEdit, ReferenceList, ReferenceShow } from '../components/ReferenceData';

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
    <ReferenceList title="FX rates" filters={filters} perPage={50} by>
      <TextField source="base" label="From" />
      <TextField source="quote" label="To" />
      <TextField source="rate" label="Rate" sx={{ fontVariantNumeric: 'tabular-nums' }} />
      <TextField source="rateText" label="Reads as" sortable={false} />
    </ReferenceList>
  );
}

function FxRateTitle() {
  const record = useRecordContext<FxRateRecord>();
  return <span>{record ? `FX rate ${record.base} → ${record.quote}` : 'FX rate'}</span>;
}

const LABELS = { rate: 'Rate' };

export function FxRateShow() {
  return (
    <ReferenceShow title={<FxRateTitle />} section="Rate in force" labels={LABELS}>
      <Detail label="Rate">
        <TextField source="rate" />
      </Detail>
      <Detail label="Reads as">
        <TextField source="rateText" />
      </Detail>
    </ReferenceShow>
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
