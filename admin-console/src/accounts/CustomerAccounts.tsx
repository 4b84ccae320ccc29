import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { BooleanField, Datagrid, FunctionField, ListContextProvider, TextField, useList, useRecordContext } from 'react-admin';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { errorMessage } from '../providers/http';
import { customerAccounts } from './account-actions';
import { groupedNumber, productName, type CustomerAccount } from './account-record';

/**
 * The accounts the customer on this page holds: their own (primary first) and the ones shared with them, with their
 * role; a row opens the account. Read once per customer (the customer page's own record does not carry them).
 */
export function CustomerAccounts() {
  const customer = useRecordContext<{ id: string }>();
  const [accounts, setAccounts] = useState<CustomerAccount[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const id = customer?.id;
  useEffect(() => {
    if (!id) return;
    setError(null);
    customerAccounts(String(id)).then(setAccounts, (err: unknown) => setError(errorMessage(err)));
  }, [id]);
  const list = useList({ data: accounts ?? [], isPending: accounts === undefined && !error, perPage: 100, resource: 'accounts' });
  if (error) return <Typography color="error">{error}</Typography>;
  return (
    <ListContextProvider value={list}>
      <Datagrid resource="accounts" rowClick="show" bulkActionButtons={false} empty={<Typography color="text.secondary">No accounts</Typography>}>
        <FunctionField label="Number" render={(a: CustomerAccount) => <span style={{ whiteSpace: 'nowrap' }}>{groupedNumber(a.number)}</span>} />
        <TextField source="name" label="Name" />
        <FunctionField label="Product" render={(a: CustomerAccount) => productName(a.product)} />
        <TextField source="currency" label="Currency" />
        <FunctionField label="Their role" render={(a: CustomerAccount) => (a.role === 'owner' ? 'Owner' : `${humanize(a.role)} (owner ${a.ownerName})`)} />
        <BooleanField source="isPrimary" label="Primary" />
        <MoneyField source="balance" label="Balance" />
        <StatusField label="Status" />
      </Datagrid>
    </ListContextProvider>
  );
}
