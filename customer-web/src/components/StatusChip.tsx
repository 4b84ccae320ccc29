import { Chip } from '@mui/material';

// Pending yellow, success green, failed red, cancelled gray (case-insensitive).
const COLORS: Record<string, 'warning' | 'success' | 'error' | 'default' | 'info'> = {
  pending: 'warning',
  pending_review: 'warning',
  success: 'success',
  completed: 'success',
  approved: 'success',
  failed: 'error',
  rejected: 'error',
  cancelled: 'default',
  active: 'success',
  blocked: 'error',
  awaiting_second_approval: 'warning',
  // Standing orders: one that ran its course, and one the bank stopped after payments could not be made.
  ended: 'default',
  stopped: 'error',
};

export function StatusChip({ status, size = 'small' }: { status: string; size?: 'small' | 'medium' }) {
  const key = status.toLowerCase();
  const label = key.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
  return <Chip label={label} color={COLORS[key] ?? 'info'} size={size} variant={key === 'cancelled' ? 'outlined' : 'filled'} sx={{ fontWeight: 600 }} />;
}
