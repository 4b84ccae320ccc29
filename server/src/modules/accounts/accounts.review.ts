import type { ReviewItem, ReviewKind } from '../review';
import { setAccountStatus } from './account-views.queries';
import { accountById, type AccountRow, type AccountStatus } from './accounts.queries';

export const ACCOUNT_SUBJECT = 'account';

export interface AccountItem extends ReviewItem {
  row: AccountRow;
}

/**
 * A business account a customer asked for, on the staff review queue (docs/decisions/0062-accounts.md). Approval
 * opens it (active, opened now); rejection leaves it unopened with the reason. No money moves either way: the
 * account starts empty, so no approval needs a second admin.
 */
export const accountReviewKind: ReviewKind<AccountItem> = {
  subjectType: ACCOUNT_SUBJECT,
  noun: 'account',
  pendingStatuses: ['pending'],
  approvedStatus: 'active',
  rejectedStatus: 'rejected',

  async load(m, id) {
    const row = await accountById(m, id, true);
    if (!row) return null;
    return { id: row.id, status: row.status, customerId: row.customer_id, row };
  },

  async approve() {
    // Opening is the status change itself (setStatus sets opened_at); the account starts empty.
  },

  async reject() {
    // Nothing was opened, so nothing is undone: the number stays used, never given to another account.
  },

  async setStatus(m, item, status, reason) {
    await setAccountStatus(m, item.id, status as AccountStatus, reason);
  },

  notice(item, decision, reason) {
    const { name, currency, number } = item.row;
    const line =
      decision === 'approve'
        ? `Your business account "${name}" (${currency}) is approved and open.\n\nIts account number: ${number}`
        : `We could not open the business account "${name}" (${currency}) you asked for.\nReason: ${reason}`;
    return { template: 'accountDecision', data: { line }, always: true };
  },

  message(decision) {
    return decision === 'approve' ? 'Account approved and opened' : 'Account application rejected';
  },
};
