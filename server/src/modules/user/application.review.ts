import { rows, type Queryable } from '../../common/sql';
import type { ReviewItem, ReviewKind } from '../review';

interface Application extends ReviewItem {
  accountNumber: string;
}

async function markReviewed(m: Queryable, customerId: string, staffId: string | null): Promise<void> {
  await m.query(`UPDATE customers SET reviewed_by = $2, reviewed_at = now() WHERE id = $1`, [customerId, staffId]);
}

/** An applicant's account opening on the review queue: approval lets them move money; no money moves. */
export const applicationReview: ReviewKind<Application> = {
  subjectType: 'customer',
  noun: 'application',
  pendingStatuses: ['pending_review'],
  approvedStatus: 'approved',
  rejectedStatus: 'rejected',
  async load(m, id) {
    const [customer] = await rows<{ id: string; status: string; account_number: string }>(m, `SELECT id, status, account_number FROM customers WHERE id = $1 FOR UPDATE`, [id]);
    return customer ? { id: customer.id, status: customer.status, customerId: customer.id, accountNumber: customer.account_number } : null;
  },
  approve: (m, item, ctx) => markReviewed(m, item.id, ctx.actor.id),
  reject: (m, item, ctx) => markReviewed(m, item.id, ctx.actor.id),
  async setStatus(m, item, status, reason) {
    await m.query(`UPDATE customers SET status = $2, rejection_reason = $3, updated_at = now() WHERE id = $1`, [item.id, status, status === 'rejected' ? reason : null]);
  },
  notice(item, decision, reason) {
    return decision === 'approve'
      ? { template: 'applicationApproved', data: { accountNumber: item.accountNumber }, always: true }
      : { template: 'applicationRejected', data: { reason: reason ?? '' }, always: true };
  },
};
