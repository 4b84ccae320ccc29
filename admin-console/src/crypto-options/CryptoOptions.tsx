import { BooleanField, BooleanInput, TextField, TextInput, useRecordContext } from 'react-admin';
import { cryptoOptionUpdateSchema } from '@strongroom/shared';
import { MoneyField } from '../components/MoneyField';
import { Detail } from '../components/DetailGrid';
import { ReferenceEdit, ReferenceList, ReferenceShow } from '../components/ReferenceData';

interface CryptoOptionRecord {
  id: string;
  name: string;
  symbol: string;
}

const EDITABLE = ['referencePriceUsd', 'networkFee', 'address', 'enabled', 'reason'];
const LABELS = { referencePriceUsd: 'Reference price (USD)', networkFee: 'Withdrawal fee', address: 'Deposit address', enabled: 'Offered' };

export function CryptoOptionList() {
  return (
    <ReferenceList title="Crypto options">
      <TextField source="symbol" label="Asset" />
      <TextField source="name" label="Name" />
      <TextField source="network" label="Network" sortable={false} />
      <MoneyField source="referencePriceUsd" label="Reference price" sortBy="referencePriceUsd" />
      <TextField source="networkFee" label="Withdrawal fee (units)" sortable={false} />
      <BooleanField source="enabled" label="Offered" />
    </ReferenceList>
  );
}

function CryptoOptionTitle() {
  const record = useRecordContext<CryptoOptionRecord>();
  return <span>{record ? `${record.name} (${record.symbol})` : 'Crypto option'}</span>;
}

export function CryptoOptionShow() {
  return (
    <ReferenceShow title={<CryptoOptionTitle />} section="Custody asset" labels={LABELS}>
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
    </ReferenceShow>
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
