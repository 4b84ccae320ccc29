import { rows, type Queryable } from '../../common/sql';

export type ChequeStatusValue = 'pending' | 'awaiting_second_approval' | 'approved' | 'rejected';

export interface ChequeRow {
  id: string;
  customer_id: string;
  /** The account the cheque is credited to (docs/decisions/0062-accounts.md); `account_number` is the drawer's. */
  account_id: string;
  amount_minor: string;
  currency: string;
  cheque_number: string;
  bank_name: string;
  account_number: string | null;
  issue_date: string | null;
  note: string | null;
  front_file_id: string;
  back_file_id: string;
  front_sha256: string;
  drawer_key: string;
  status: ChequeStatusValue;
  status_reason: string | null;
  transaction_id: string | null;
  transaction_reference: string | null;
  created_at: Date;
  updated_at: Date;
  customer_name?: string;
  customer_account_number?: string;
}

export interface NewCheque {
  customerId: string;
  accountId: string;
  amountMinor: bigint;
  currency: string;
  chequeNumber: string;
  bankName: string;
  accountNumber: string | null;
  issueDate: string | null;
  note: string | null;
  frontFileId: string;
  backFileId: string;
  frontSha256: string;
}

// issue_date as text: a calendar date must not pass through a JS Date and a time zone.
const COLUMNS = `q.id, q.customer_id, q.account_id, q.amount_minor, q.currency, q.cheque_number, q.bank_name, q.account_number,
  to_char(q.issue_date, 'YYYY-MM-DD') AS issue_date, q.note, q.front_file_id, q.back_file_id, q.front_sha256, q.drawer_key,
  q.status, q.status_reason, q.transaction_id, t.reference AS transaction_reference, q.created_at, q.updated_at`;
const FROM = `cheques q LEFT JOIN transactions t ON t.id = q.transaction_id`;
const STAFF_COLUMNS = `${COLUMNS}, concat_ws(' ', c.first_name, c.last_name) AS customer_name, c.account_number AS customer_account_number`;
const STAFF_FROM = `${FROM} JOIN customers c ON c.id = q.customer_id`;

export async function insertCheque(db: Queryable, input: NewCheque): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    `INSERT INTO cheques (customer_id, amount_minor, currency, cheque_number, bank_name, account_number, issue_date, note, front_file_id, back_file_id, front_sha256, account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      input.customerId,
      input.amountMinor.toString(),
      input.currency,
      input.chequeNumber,
      input.bankName,
      input.accountNumber,
      input.issueDate,
      input.note,
      input.frontFileId,
      input.backFileId,
      input.frontSha256,
      input.accountId,
    ],
  );
  return row.id;
}

/**
 * Which of the cheque's identities an earlier, not rejected deposit already used: 'drawer' (bank, number and
 * account), 'image' (the same front bytes), or null. The unique indexes refuse the same at insert time.
 */
export async function depositedBefore(db: Queryable, probe: { bankName: string; chequeNumber: string; accountNumber: string | null; frontSha256: string }): Promise<'drawer' | 'image' | null> {
  const [row] = await rows<{ drawer: boolean }>(
    db,
    `SELECT q.drawer_key = cheque_drawer_key($1, $2, $3) AS drawer FROM cheques q
      WHERE q.status <> 'rejected' AND (q.drawer_key = cheque_drawer_key($1, $2, $3) OR q.front_sha256 = $4)
      ORDER BY 1 DESC LIMIT 1`,
    [probe.bankName, probe.chequeNumber, probe.accountNumber, probe.frontSha256],
  );
  if (!row) return null;
  return row.drawer ? 'drawer' : 'image';
}

export async function findCheque(db: Queryable, id: string): Promise<ChequeRow | undefined> {
  const [row] = await rows<ChequeRow>(db, `SELECT ${STAFF_COLUMNS} FROM ${STAFF_FROM} WHERE q.id = $1`, [id]);
  return row;
}

/** The cheque locked for a decision (the review queue decides one item at a time). */
export async function lockCheque(db: Queryable, id: string): Promise<ChequeRow | undefined> {
  const [row] = await rows<ChequeRow>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE q.id = $1 FOR UPDATE OF q`, [id]);
  return row;
}

export async function setChequeStatus(db: Queryable, id: string, status: ChequeStatusValue, reason: string | null): Promise<void> {
  await db.query(`UPDATE cheques SET status = $2, status_reason = $3, updated_at = now() WHERE id = $1`, [id, status, reason]);
}

export async function setChequeTransaction(db: Queryable, id: string, transactionId: string): Promise<void> {
  await db.query(`UPDATE cheques SET transaction_id = $2, updated_at = now() WHERE id = $1`, [id, transactionId]);
}

export async function customerCheques(db: Queryable, customerId: string, page: { offset: number; limit: number }): Promise<{ items: ChequeRow[]; total: number }> {
  const items = await rows<ChequeRow>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE q.customer_id = $1 ORDER BY q.created_at DESC, q.id LIMIT $2 OFFSET $3`, [customerId, page.limit, page.offset]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM cheques WHERE customer_id = $1`, [customerId]);
  return { items, total: Number(count) };
}

export interface StaffChequeFilter {
  status: ChequeStatusValue | null;
  customerId: string | null;
  /** A cheque number, or part of a drawer bank or customer name. */
  search: string | null;
}

const SORT_COLUMNS: Record<string, string> = { createdAt: 'q.created_at', amount: 'q.amount_minor', status: 'q.status', chequeNumber: 'q.cheque_number' };
export const CHEQUE_SORTS = Object.keys(SORT_COLUMNS);

export async function staffCheques(
  db: Queryable,
  filter: StaffChequeFilter,
  page: { sortField: string; sortOrder: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ items: ChequeRow[]; total: number }> {
  const where = `($1::text IS NULL OR q.status = $1) AND ($2::uuid IS NULL OR q.customer_id = $2)
    AND ($3::text IS NULL OR q.cheque_number = $3 OR lower(q.bank_name) LIKE '%' || lower($3) || '%' OR lower(concat_ws(' ', c.first_name, c.last_name)) LIKE '%' || lower($3) || '%')`;
  const params = [filter.status, filter.customerId, filter.search];
  const order = `${SORT_COLUMNS[page.sortField] ?? 'q.created_at'} ${page.sortOrder}, q.id`;
  const items = await rows<ChequeRow>(db, `SELECT ${STAFF_COLUMNS} FROM ${STAFF_FROM} WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [...params, page.limit, page.offset]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM cheques q JOIN customers c ON c.id = q.customer_id WHERE ${where}`, params);
  return { items, total: Number(count) };
}

/** Other deposits that look like this cheque (same drawer details or the same front image), any status. */
export async function lookalikeCheques(db: Queryable, cheque: Pick<ChequeRow, 'id' | 'drawer_key' | 'front_sha256'>): Promise<ChequeRow[]> {
  return rows<ChequeRow>(db, `SELECT ${STAFF_COLUMNS} FROM ${STAFF_FROM} WHERE q.id <> $1 AND (q.drawer_key = $2 OR q.front_sha256 = $3) ORDER BY q.created_at LIMIT 20`, [
    cheque.id,
    cheque.drawer_key,
    cheque.front_sha256,
  ]);
}

export const PENDING_CHEQUES_SQL = `SELECT count(*) AS count FROM cheques WHERE status IN ('pending','awaiting_second_approval')`;

export async function customerExists(db: Queryable, customerId: string): Promise<boolean> {
  const [customer] = await rows(db, `SELECT 1 FROM customers WHERE id = $1`, [customerId]);
  return customer !== undefined;
}
