import type { NotificationPreferences } from '@strongroom/shared';
import { rows, type Queryable } from '../../common/sql';
import { CustomerEntity } from './entities/customer.entity';

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

/** A customer row's columns under the entity's property names (never the password or PIN hash). */
export const CUSTOMER_COLUMNS = `id, account_number AS "accountNumber", first_name AS "firstName", middle_name AS "middleName",
  last_name AS "lastName", email, phone, dob::text AS dob, address, city, state, zipcode, country, occupation,
  income_range AS "incomeRange", account_type AS "accountType", currency, image_file_id AS "imageFileId",
  passport_file_id AS "passportFileId", proof_of_address_file_id AS "proofOfAddressFileId", status,
  rejection_reason AS "rejectionReason", reviewed_by AS "reviewedBy", reviewed_at AS "reviewedAt",
  email_verified_at AS "emailVerifiedAt", failed_login_count AS "failedLoginCount", locked_until AS "lockedUntil",
  notification_preferences AS "notificationPreferences", frozen_at AS "frozenAt", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

/** A customer by id, as the entity (undefined when there is none). */
export async function customerById(db: Queryable, customerId: string): Promise<CustomerEntity | undefined> {
  const [customer] = await rows<CustomerEntity>(db, `SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = $1`, [customerId]);
  return customer && Object.assign(new CustomerEntity(), customer);
}

/** The fields a customer edits on the profile page; the row is only touched (updated_at) when one of them changes. */
export type ProfileFields = Pick<
  CustomerEntity,
  'firstName' | 'middleName' | 'lastName' | 'email' | 'phone' | 'dob' | 'address' | 'city' | 'state' | 'zipcode' | 'country' | 'occupation' | 'imageFileId'
>;

export async function updateProfileFields(db: Queryable, customerId: string, f: ProfileFields): Promise<void> {
  await db.query(
    `UPDATE customers SET first_name = $2, middle_name = $3, last_name = $4, email = $5, phone = $6, dob = $7::date,
       address = $8, city = $9, state = $10, zipcode = $11, country = $12, occupation = $13, image_file_id = $14::uuid,
       updated_at = now()
     WHERE id = $1
       AND (first_name, middle_name, last_name, email, phone, dob, address, city, state, zipcode, country, occupation, image_file_id)
         IS DISTINCT FROM ($2::varchar, $3::varchar, $4::varchar, $5::varchar, $6::varchar, $7::date, $8::varchar, $9::varchar,
           $10::varchar, $11::varchar, $12::varchar, $13::varchar, $14::uuid)`,
    [customerId, f.firstName, f.middleName, f.lastName, f.email, f.phone, f.dob, f.address, f.city, f.state, f.zipcode, f.country, f.occupation, f.imageFileId],
  );
}

export async function setNotificationPreferences(db: Queryable, customerId: string, preferences: NotificationPreferences): Promise<void> {
  await db.query(`UPDATE customers SET notification_preferences = $2::jsonb, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, [customerId, JSON.stringify(preferences)]);
}

/** The console's sort keys, as columns. */
const CUSTOMER_SORTABLE = { createdAt: 'created_at', lastName: 'last_name', status: 'status', accountNumber: 'account_number' } as const;

export interface CustomerPageQuery {
  status?: string;
  /** An exact account number, or part of an e-mail address or full name. */
  search?: string;
  ids?: string[];
  sortField: keyof typeof CUSTOMER_SORTABLE;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** A page of customers for the console's list and the count of all that match. */
export async function customerPage(db: Queryable, q: CustomerPageQuery): Promise<{ list: CustomerEntity[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.status !== undefined) where.push(`status = $${params.push(q.status)}`);
  if (q.search !== undefined) {
    const exact = params.push(q.search);
    const like = params.push(`%${q.search.toLowerCase().replace(/[%_]/g, '')}%`);
    where.push(`(account_number = $${exact} OR lower(email) LIKE $${like} OR lower(first_name || ' ' || last_name) LIKE $${like})`);
  }
  if (q.ids !== undefined) where.push(`id = ANY($${params.push(q.ids)}::uuid[])`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = `${CUSTOMER_SORTABLE[q.sortField]} ${q.sortOrder === 'DESC' ? 'DESC' : 'ASC'}`;
  const list = await rows<CustomerEntity>(db, `SELECT ${CUSTOMER_COLUMNS} FROM customers ${filter} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    q.limit,
    q.offset,
  ]);
  const [count] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM customers ${filter}`, params);
  return { list: list.map((row) => Object.assign(new CustomerEntity(), row)), total: count.total };
}
