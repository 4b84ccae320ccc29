import type { ReviewItem, ReviewKind } from '../review';
import { lockApplication, markApplicationReviewed, setApplicationStatus } from './user.queries';

interface Application extends ReviewItem {
  accountNumber: string;
}

/** An applicant's account opening on the review queue: approval lets them move money; no money moves. */
export const applicationReview: ReviewKind<Application> = {
  subjectType: 'customer',
  noun: 'application',
  pendingStatuses: ['pending_review'],
  approvedStatus: 'approved',
  rejectedStatus: 'rejected',
  async load(m, id) {
    const customer = await lockApplication(m, id);
    return customer ? { id: customer.id, status: customer.status, customerId: customer.id, accountNumber: customer.account_number } : null;
  },
  approve: (m, item, ctx) => markApplicationReviewed(m, item.id, ctx.actor.id),
  reject: (m, item, ctx) => markApplicationReviewed(m, item.id, ctx.actor.id),
  async setStatus(m, item, status, reason) {
    await setApplicationStatus(m, item.id, status, status === 'rejected' ? reason : null);
  },
  notice(item, decision, reason) {
    return decision === 'approve'
      ? { template: 'applicationApproved', data: { accountNumber: item.accountNumber }, always: true }
      : { template: 'applicationRejected', data: { reason: reason ?? '' }, always: true };
  },
};
