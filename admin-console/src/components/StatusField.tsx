import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';

const COLORS: Record<string, 'warning' | 'success' | 'error' | 'default' | 'info'> = {
  pending: 'warning',
  pending_review: 'warning',
  success: 'success',
  approved: 'success',
  sent: 'success',
  written: 'info',
  failed: 'error',
  rejected: 'error',
  cancelled: 'default',
  active: 'success',
  blocked: 'error',
  awaiting_second_approval: 'warning',
  paid: 'success',
  missed: 'error',
  held: 'warning',
  captured: 'success',
  voided: 'default',
  declined: 'error',
  invited: 'info',
  deactivated: 'default',
  frozen: 'info',
  closed: 'default',
};

/** 'pending_review' -> 'Pending review'. */
export function humanize(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A coloured chip for any status we know (customer, transaction, mail); unknown values stay grey. */
export function StatusField({ source = 'status' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const value = String(record?.[source] ?? '');
  if (!value) return null;
  return <Chip size="small" label={humanize(value)} color={COLORS[value] ?? 'default'} />;
}
