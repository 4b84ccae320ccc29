import type { ChangeEvent, MouseEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DateField,
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
  useRecordContext,
  usePermissions,
  type TextInputProps,
} from 'react-admin';
import { TRANSACTION_STATUSES, formatMoney } from '@strongroom/shared';
import { formatCalendarDate } from '../components/format';
import { StatusField, humanize } from '../components/StatusField';
import { MoneyField } from '../components/MoneyField';
import { LongDateField, countryName } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { DecisionButtons } from '../components/DecisionButtons';

interface TransactionRecord {
  id: string;
  reference: string;
  customerId: string;
  accountHolder?: { name: string; accountNumber: string };
  metadata?: Record<string, unknown>;
}

/**
 * A whole reference as the server makes them (server/src/modules/ledger/ledger.service.ts, newReference), a credit's
 * with its C, or a month's interest payment's: INT, the date and the account number (server/src/db/sql/interest.sql).
 */
const WHOLE_REFERENCE = /^\s*(?:[A-Z]{2,4}[2-9A-HJ-NP-Z]{17}C?|INT\d{18})\s*$/i;

/**
 * The search box. A reference names one transaction, whatever its status: pasted while the list shows the pending
 * queue (its default), it would find nothing until the status filter was cleared, so a whole reference clears it.
 * Words keep the status chosen.
 */
function TransactionSearchInput(props: TextInputProps) {
  const { getValues, setValue } = useFormContext();
  const searchEveryStatus = (event: ChangeEvent<HTMLInputElement>) => {
    if (WHOLE_REFERENCE.test(event?.target?.value ?? '') && getValues('status')) setValue('status', '', { shouldDirty: true });
  };
  return <TextInput {...props} onChange={searchEveryStatus} />;
}

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={TRANSACTION_STATUSES.map((s) => ({ id: s, name: humanize(s) }))} alwaysOn emptyText="All" />,
  <TransactionSearchInput key="q" source="q" label="Search description, recipient or whole reference" alwaysOn resettable sx={{ minWidth: 380 }} />,
];

/** The account holder, linked to their customer page. */
function HolderField(_props: { label?: string }) {
  const record = useRecordContext<TransactionRecord>();
  const createPath = useCreatePath();
  if (!record?.accountHolder) return null;
  return (
    <Link to={createPath({ resource: 'customers', id: record.customerId, type: 'show' })} onClick={(e: MouseEvent) => e.stopPropagation()}>
      {record.accountHolder.name}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
        {record.accountHolder.accountNumber}
      </Box>
    </Link>
  );
}

interface TransactionRow extends TransactionRecord {
  description: string;
  amount: string;
  currency: string;
  status: string;
  type: 'credit' | 'debit';
}

export function TransactionList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Auditors read only: no Decision column that would stay empty for them.
  const canDecide = usePermissions().permissions === 'admin';
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'created_at', order: 'DESC' }} title="Transactions" exporter={false} actions={false}>
      {phone ? (
        <SimpleList<TransactionRow>
          primaryText={(r) => r.description}
          secondaryText={(r) => `${r.reference} · ${r.accountHolder?.name ?? ''}`}
          tertiaryText={(r) => `${formatMoney(r.amount, r.currency, { sign: r.type })} · ${humanize(r.status)}`}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateField source="createdAt" label="Date" sortBy="created_at" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} />
          <TextField source="reference" sortable={false} />
          <HolderField label="Customer" />
          <TextField source="description" sortable={false} sx={{ display: 'block', minWidth: 160, maxWidth: 260 }} />
          <MoneyField source="amount" label="Amount" signed sortBy="amount_minor" />
          <MoneyField source="fees" label="Fee" sortable={false} />
          <StatusField label="Status" />
          {canDecide && <DecisionButtons label="Decision" resource="transactions" pendingStatus="pending" />}
        </Datagrid>
      )}
    </List>
  );
}

function TransactionTitle() {
  const record = useRecordContext<TransactionRecord>();
  return <span>{record ? `Transaction ${record.reference}` : 'Transaction'}</span>;
}

// Labels for the payment details the server keeps in `metadata`; anything else is shown under its own key.
const DETAIL_LABELS: Record<string, string> = {
  recipientName: 'Recipient name',
  recipientBankName: 'Recipient bank',
  recipientAccountNumber: 'Recipient account',
  recipientEmail: 'Recipient e-mail',
  recipientCountry: 'Recipient country',
  swiftCode: 'SWIFT / BIC',
  iban: 'IBAN',
  transferDate: 'Requested date',
  memo: 'Memo',
  senderName: 'Sender name',
  senderBank: 'Sender bank',
  paymentAmount: 'Payment amount',
  paymentCurrency: 'Payment currency',
  rate: 'Exchange rate',
};
const HIDDEN = new Set(['transferId']);

function display(key: string, value: unknown): string {
  const text = String(value);
  if (key === 'recipientCountry') return countryName(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatCalendarDate(text) : text;
}

function flatten(meta: Record<string, unknown>, out: [string, string][] = []): [string, string][] {
  for (const [key, value] of Object.entries(meta)) {
    if (HIDDEN.has(key) || value === null || value === undefined || value === '') continue;
    if (typeof value === 'object' && !Array.isArray(value)) flatten(value as Record<string, unknown>, out);
    else if (!out.some(([k]) => k === key)) out.push([key, display(key, value)]);
  }
  return out;
}

function PaymentDetails() {
  const record = useRecordContext<TransactionRecord>();
  const rows = flatten(record?.metadata ?? {});
  if (!rows.length) return <Typography color="text.secondary">No further details</Typography>;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75, m: 0 }}>
      {rows.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {DETAIL_LABELS[key] ?? humanize(key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase())}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function StatusReason() {
  const record = useRecordContext();
  if (!record?.statusReason) return null;
  return (
    <Detail label="Reason given to the customer" wide>
      <TextField source="statusReason" />
    </Detail>
  );
}

export function TransactionShow() {
  return (
    <Show
      title={<TransactionTitle />}
      actions={
        <TopToolbar>
          <DecisionButtons resource="transactions" pendingStatus="pending" />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}
    >
      <Box>
        <DetailSection title="Transaction">
          <Detail label="Status">
            <StatusField />
          </Detail>
          <Detail label="Reference">
            <TextField source="reference" />
          </Detail>
          <Detail label="Date">
            <LongDateField source="createdAt" />
          </Detail>
          <Detail label="Amount">
            <MoneyField source="amount" signed />
          </Detail>
          <Detail label="Fee">
            <MoneyField source="fees" />
          </Detail>
          <Detail label="Balance after">
            <MoneyField source="balanceAfter" />
          </Detail>
          <Detail label="Type">
            <FunctionField render={(r: { kind: string }) => humanize(r.kind.replace(/^transfer_/, '') + (r.kind.startsWith('transfer_') ? ' transfer' : ''))} />
          </Detail>
          <Detail label="Category">
            <TextField source="category" emptyText="—" />
          </Detail>
          <Detail label="Description">
            <TextField source="description" />
          </Detail>
          <Detail label="Customer">
            <HolderField />
          </Detail>
          <Detail label="Channel">
            <TextField source="channel" />
          </Detail>
          <Detail label="Initiated from">
            <TextField source="location" emptyText="—" />
          </Detail>
          <StatusReason />
        </DetailSection>
        <DetailSection title="Payment details" columns={1}>
          <PaymentDetails />
        </DetailSection>
      </Box>
    </Show>
  );
}

/** The resource's pages as App.tsx registers every resource's (its menu icon is icon.ts). */
export { TransactionList as list, TransactionShow as show };
