import { Alert, Box, Link as MuiLink, Typography } from '@mui/material';
import { FunctionField, Show, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { formatLongDate, formatMoney } from '@strongroom/shared';
import { StatusField, humanize } from '../components/StatusField';
import { LongDateField } from '../components/DateFields';
import { Detail, DetailSection } from '../components/DetailGrid';
import { DecisionButtons } from '../components/DecisionButtons';
import { StatusHistory } from '../components/StatusHistory';
import { RequesterField } from './CryptoRequestList';
import { CRYPTO_REQUEST_PENDING_STATUSES, units, type CryptoRequestRecord } from './crypto-request-record';

function Title() {
  const record = useRecordContext<CryptoRequestRecord>();
  return <span>{record ? `Crypto ${record.kind} of ${units(record)}` : 'Crypto request'}</span>;
}

/** The customer's receipt, to check against the chain before approving a deposit. */
function Receipt() {
  const record = useRecordContext<CryptoRequestRecord>();
  if (!record?.receipt) return <Typography color="text.secondary">No receipt: withdrawals have none.</Typography>;
  return (
    <Box>
      <MuiLink href={record.receipt} target="_blank" rel="noopener" aria-label="Open the receipt full size in a new tab">
        <Box
          component="img"
          src={record.receipt}
          alt={`Payment receipt for the ${record.symbol} deposit of ${record.amount}`}
          sx={{ maxWidth: '100%', maxHeight: 420, objectFit: 'contain', display: 'block', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover' }}
        />
      </MuiLink>
    </Box>
  );
}

function WhatApprovalDoes() {
  const record = useRecordContext<CryptoRequestRecord>();
  if (!record || !CRYPTO_REQUEST_PENDING_STATUSES.includes(record.status)) return null;
  const text =
    record.kind === 'deposit'
      ? `Check that ${units(record)} arrived at ${record.address} on ${record.network} and matches the receipt. Approval credits the customer's holding from custody.`
      : `${units(record, record.total)} is reserved from the customer's holding (${units(record)} to send plus the ${units(record, record.networkFee)} network fee). Approval sends ${units(record)} to ${record.address} on ${record.network}; rejection returns all of it.`;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {text}
      {record.status === 'awaiting_second_approval' && record.firstApproval && (
        <>
          {' '}
          First approval by {record.firstApproval.email ?? record.firstApproval.staffId} on {formatLongDate(record.firstApproval.at)}: a different admin must give the second.
        </>
      )}
    </Alert>
  );
}

export function CryptoRequestShow() {
  return (
    <Show
      title={<Title />}
      actions={
        <TopToolbar>
          <DecisionButtons resource="crypto-requests" pendingStatus={CRYPTO_REQUEST_PENDING_STATUSES} />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}
    >
      <Box>
        <WhatApprovalDoes />
        <DetailSection title="Request">
          <Detail label="Status">
            <StatusField />
          </Detail>
          <Detail label="Kind">
            <FunctionField render={(r: CryptoRequestRecord) => humanize(r.kind)} />
          </Detail>
          <Detail label="Requested">
            <LongDateField source="createdAt" />
          </Detail>
          <Detail label="Asset">
            <FunctionField render={(r: CryptoRequestRecord) => `${r.crypto} (${r.symbol})`} />
          </Detail>
          <Detail label="Amount">
            <FunctionField render={(r: CryptoRequestRecord) => units(r)} />
          </Detail>
          <Detail label="Network fee (from the holding)">
            <FunctionField render={(r: CryptoRequestRecord) => units(r, r.networkFee)} />
          </Detail>
          <Detail label="Value at the reference price">
            <FunctionField render={(r: CryptoRequestRecord) => `${formatMoney(r.valueUsd, 'USD')} (${formatMoney(r.referencePriceUsd, 'USD')} per ${r.symbol})`} />
          </Detail>
          <Detail label="Network">
            <TextField source="network" />
          </Detail>
          <Detail label="Customer">
            <RequesterField />
          </Detail>
          <Detail label="Address" wide>
            <TextField source="address" sx={{ fontFamily: 'monospace' }} />
          </Detail>
          <Detail label="Ledger journal">
            <TextField source="settleReference" emptyText="—" />
          </Detail>
          <Detail label="Reason given to the customer" wide>
            <TextField source="reason" emptyText="—" />
          </Detail>
        </DetailSection>
        <DetailSection title="Receipt" columns={1}>
          <Receipt />
        </DetailSection>
        <DetailSection title="Status history" columns={1}>
          <StatusHistory subjectType="crypto_request" />
        </DetailSection>
      </Box>
    </Show>
  );
}
