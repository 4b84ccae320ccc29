import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { recordMoney } from './format';

/**
 * A wire decimal string formatted by the shared helper (never parsed to a float). `signed` prefixes +/- from the
 * record's credit/debit type, which suits the transaction amount but not a fee or a balance.
 */
export function MoneyField({ source = 'amount', signed = false }: { source?: string; label?: string; signed?: boolean; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (!record || value === null || value === undefined || value === '') return null;
  const sign = signed && (record.type === 'credit' || record.type === 'debit') ? { sign: record.type as 'credit' | 'debit' } : {};
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: signed && record.type === 'credit' ? 'success.main' : undefined }}>
      {recordMoney(value, record.currency, sign)}
    </Typography>
  );
}
