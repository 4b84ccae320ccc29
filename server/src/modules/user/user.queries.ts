import { rows, type Queryable } from '../../common/sql';

/** The currency of the customer's account (undefined when there is no such customer). */
export async function accountCurrencyOf(db: Queryable, customerId: string): Promise<string | undefined> {
  const [customer] = await rows<{ currency: string }>(db, `SELECT currency FROM customers WHERE id = $1`, [customerId]);
  return customer?.currency;
}

/** An application (the customer row), locked for a staff decision. */
export async function lockApplication(db: Queryable, customerId: string): Promise<{ id: string; status: string; account_number: string } | undefined> {
  const [customer] = await rows<{ id: string; status: string; account_number: string }>(db, `SELECT id, status, account_number FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
  return customer;
}

export async function markApplicationReviewed(db: Queryable, customerId: string, staffId: string | null): Promise<void> {
  await db.query(`UPDATE customers SET reviewed_by = $2, reviewed_at = now() WHERE id = $1`, [customerId, staffId]);
}

export async function setApplicationStatus(db: Queryable, customerId: string, status: string, rejectionReason: string | null | undefined): Promise<void> {
  await db.query(`UPDATE customers SET status = $2, rejection_reason = $3, updated_at = now() WHERE id = $1`, [customerId, status, rejectionReason]);
}

/** The review queue's count of applications waiting for a decision. */
export const PENDING_APPLICATIONS_SQL = `SELECT count(*) FROM customers WHERE status = 'pending_review'`;
