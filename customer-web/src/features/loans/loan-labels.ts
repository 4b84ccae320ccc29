import type { ChipProps } from '@mui/material';

const TYPE_NAMES: Record<string, string> = {
  personal: 'Personal Loan',
  home: 'Home Loan',
  auto: 'Auto Loan',
  student: 'Student Loan',
  business: 'Business Loan',
};

export const loanTypeName = (type: string) => TYPE_NAMES[type] ?? 'Loan';

/** 'debt_consolidation' -> 'debt consolidation'. */
export const withSpaces = (value: string) => value.replace(/_/g, ' ');

export const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The history badge: approved green, pending yellow, under review blue, rejected red, anything else grey.
 * A loan waiting for a second admin's approval is still under review as far as the customer is concerned.
 */
export function loanBadge(status: string): { label: string; color: ChipProps['color'] } {
  switch (status) {
    case 'approved':
      return { label: 'Approved', color: 'success' };
    case 'pending':
      return { label: 'Pending Review', color: 'warning' };
    case 'under_review':
    case 'awaiting_second_approval':
      return { label: 'Under Review', color: 'info' };
    case 'rejected':
      return { label: 'Rejected', color: 'error' };
    default:
      return { label: 'Unknown', color: 'default' };
  }
}

export function instalmentBadge(status: string): { label: string; color: ChipProps['color'] } {
  if (status === 'paid') return { label: 'Paid', color: 'success' };
  if (status === 'missed') return { label: 'Missed', color: 'error' };
  return { label: 'Due', color: 'default' };
}

/** A status history entry as a sentence title. */
export function timelineTitle(status: string): string {
  const titles: Record<string, string> = {
    pending: 'Application received',
    under_review: 'Under review',
    awaiting_second_approval: 'Under review',
    approved: 'Approved and paid out',
    rejected: 'Rejected',
    missed: 'Instalment missed',
    paid: 'Instalment paid',
  };
  return titles[status] ?? capitalised(withSpaces(status));
}
