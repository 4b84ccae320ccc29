import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatLongDate, formatMoney } from '@strongroom/shared';

const COLORS: Record<string, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  pending_review: 'warning',
  success: 'success',
  approved: 'success',
  failed: 'error',
  rejected: 'error',
  cancelled: 'default',
};

export function StatusField({ source = 'status' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const value = String(record?.[source] ?? '');
  if (!value) return null;
  return <Chip size="small" label={value.replace(/_/g, ' ')} color={COLORS[value] ?? 'default'} />;
}

export function MoneyField({ source = 'amount' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  if (!record?.[source]) return null;
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(String(record[source]), String(record.currency ?? 'USD'), record.type ? { sign: record.type } : {})}</span>;
}

export function LongDateField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  return record?.[source] ? <span>{formatLongDate(String(record[source]))}</span> : null;
}
