import { rows, type Queryable } from '../../common/sql';
import { totalUpTo } from '../../common/list-paging';
import type { CardAuthorisationStatus, CardDeclineReason, CardStatus, CardType } from '@strongroom/shared';

/** A card as stored. The number exists only encrypted; there is no CVV column. */
export interface CardRow {
  id: string;
  customer_id: string;
  /** The account the card's credit is on and its balance is paid from (docs/decisions/0062-accounts.md). */
  account_id: string;
  card_type: CardType;
  status: CardStatus;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date_of_birth: string;
  ssn_last4: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  currency: string;
  credit_limit_minor: string;
  owed_minor: string;
  held_minor: string;
  number_encrypted: string | null;
  number_last4: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  frozen_at: Date | null;
  block_reason: string | null;
  rejection_reason: string | null;
  issued_at: Date | null;
  created_at: Date;
  /** customers.frozen_at ('Freeze everything'). */
  account_frozen_at: Date | null;
}

export interface AuthorisationRow {
  id: string;
  card_id: string | null;
  card_last4: string;
  status: CardAuthorisationStatus;
  decline_reason: CardDeclineReason | null;
  amount_minor: string;
  captured_minor: string | null;
  currency: string;
  merchant: string;
  requested_by: string;
  journal_reference: string | null;
  created_at: Date;
}

// Never SELECT ssn_encrypted with the card: only reveal paths read secrets, one column at a time.
const CARD_COLUMNS = `c.id, c.customer_id, c.account_id, c.card_type, c.status, c.first_name, c.last_name, c.email, c.phone, to_char(c.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
  c.ssn_last4, c.address, c.city, c.state, c.zip_code, c.currency, c.credit_limit_minor::text, c.owed_minor::text, c.held_minor::text,
  c.number_encrypted, c.number_last4, c.expiry_month, c.expiry_year, c.frozen_at, c.block_reason, c.rejection_reason, c.issued_at, c.created_at,
  cu.frozen_at AS account_frozen_at`;

export interface NewCard {
  customerId: string;
  accountId: string;
  cardType: CardType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  ssnEncrypted: string;
  ssnLast4: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  currency: string;
  creditLimitMinor: bigint;
}

export async function insertCard(db: Queryable, c: NewCard): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    `INSERT INTO cards (customer_id, card_type, first_name, last_name, email, phone, date_of_birth, ssn_encrypted, ssn_last4, address, city, state, zip_code, currency, credit_limit_minor, account_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16) RETURNING id`,
    [
      c.customerId,
      c.cardType,
      c.firstName,
      c.lastName,
      c.email,
      c.phone,
      c.dateOfBirth,
      c.ssnEncrypted,
      c.ssnLast4,
      c.address,
      c.city,
      c.state,
      c.zipCode,
      c.currency,
      c.creditLimitMinor.toString(),
      c.accountId,
    ],
  );
  return row.id;
}

/** One card; with `customerId` only if it is theirs (someone else's card reads as missing). */
export async function findCard(db: Queryable, id: string, opts: { customerId?: string; forUpdate?: boolean } = {}): Promise<CardRow | undefined> {
  const [row] = await rows<CardRow>(
    db,
    `SELECT ${CARD_COLUMNS} FROM cards c JOIN customers cu ON cu.id = c.customer_id
      WHERE c.id = $1 AND ($2::uuid IS NULL OR c.customer_id = $2)${opts.forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [id, opts.customerId ?? null],
  );
  return row;
}

export async function findCardByNumberHash(db: Queryable, hash: string): Promise<CardRow | undefined> {
  const [row] = await rows<CardRow>(db, `SELECT ${CARD_COLUMNS} FROM cards c JOIN customers cu ON cu.id = c.customer_id WHERE c.number_hash = $1 FOR UPDATE OF c`, [hash]);
  return row;
}

export async function listCustomerCards(db: Queryable, customerId: string): Promise<CardRow[]> {
  return rows<CardRow>(db, `SELECT ${CARD_COLUMNS} FROM cards c JOIN customers cu ON cu.id = c.customer_id WHERE c.customer_id = $1 ORDER BY c.created_at DESC`, [customerId]);
}

/** The customer's issued cards; or, given an account (docs/decisions/0062-accounts.md), the cards on that account, whoever holds them. */
export async function countActiveCards(db: Queryable, customerId: string, accountId?: string): Promise<number> {
  const [row] =
    accountId === undefined
      ? await rows<{ count: string }>(db, `SELECT count(*) FROM cards WHERE customer_id = $1 AND status IN ('active','blocked')`, [customerId])
      : await rows<{ count: string }>(db, `SELECT count(*) FROM cards WHERE account_id = $1 AND status IN ('active','blocked')`, [accountId]);
  return Number(row.count);
}

export async function numberHashTaken(db: Queryable, hash: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM cards WHERE number_hash = $1`, [hash])).length > 0;
}

export async function storeIssuedNumber(db: Queryable, id: string, issued: { numberEncrypted: string; last4: string; hash: string; month: number; year: number; at: Date }): Promise<void> {
  await db.query(`UPDATE cards SET number_encrypted = $2, number_last4 = $3, number_hash = $4, expiry_month = $5, expiry_year = $6, issued_at = $7, updated_at = now() WHERE id = $1`, [
    id,
    issued.numberEncrypted,
    issued.last4,
    issued.hash,
    issued.month,
    issued.year,
    issued.at,
  ]);
}

export async function setCardStatus(db: Queryable, id: string, status: string, reason: string | null): Promise<void> {
  await db.query(
    `UPDATE cards SET status = $2::text,
            rejection_reason = CASE WHEN $2::text = 'rejected' THEN $3::text ELSE rejection_reason END,
            block_reason = CASE WHEN $2::text = 'blocked' THEN $3::text ELSE block_reason END,
            updated_at = now()
      WHERE id = $1`,
    [id, status, reason],
  );
}

export async function setCardFrozen(db: Queryable, id: string, frozen: boolean): Promise<void> {
  await db.query(`UPDATE cards SET frozen_at = CASE WHEN $2 THEN coalesce(frozen_at, now()) ELSE NULL END, updated_at = now() WHERE id = $1`, [id, frozen]);
}

/** Moves money between the card's holds and balance owed; the table's CHECKs keep both within the limit. */
export async function adjustCard(db: Queryable, id: string, change: { heldMinor?: bigint; owedMinor?: bigint }): Promise<void> {
  await db.query(`UPDATE cards SET held_minor = held_minor + $2::bigint, owed_minor = owed_minor + $3::bigint, updated_at = now() WHERE id = $1`, [
    id,
    (change.heldMinor ?? 0n).toString(),
    (change.owedMinor ?? 0n).toString(),
  ]);
}

export async function readCardNumber(db: Queryable, id: string): Promise<string | null> {
  const [row] = await rows<{ number_encrypted: string | null }>(db, `SELECT number_encrypted FROM cards WHERE id = $1`, [id]);
  return row?.number_encrypted ?? null;
}

export interface NewAuthorisation {
  cardId: string | null;
  cardLast4: string;
  status: 'held' | 'declined';
  declineReason: CardDeclineReason | null;
  amountMinor: bigint;
  currency: string;
  merchant: string;
  requestedBy: string;
}

export async function insertAuthorisation(db: Queryable, a: NewAuthorisation): Promise<AuthorisationRow> {
  const [row] = await rows<AuthorisationRow>(
    db,
    `INSERT INTO card_authorisations (card_id, card_last4, status, decline_reason, amount_minor, currency, merchant, requested_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING *`,
    [a.cardId, a.cardLast4, a.status, a.declineReason, a.amountMinor.toString(), a.currency, a.merchant, a.requestedBy],
  );
  return row;
}

export async function findAuthorisation(db: Queryable, id: string, forUpdate = false): Promise<AuthorisationRow | undefined> {
  const [row] = await rows<AuthorisationRow>(db, `SELECT * FROM card_authorisations WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return row;
}

export async function settleAuthorisation(db: Queryable, id: string, status: 'captured' | 'voided', capturedMinor: bigint | null, journalReference: string | null): Promise<AuthorisationRow> {
  const [row] = await rows<AuthorisationRow>(db, `UPDATE card_authorisations SET status = $2, captured_minor = $3, journal_reference = $4, updated_at = now() WHERE id = $1 RETURNING *`, [
    id,
    status,
    capturedMinor === null ? null : capturedMinor.toString(),
    journalReference,
  ]);
  return row;
}

/** A card's purchases (authorisations) and payments towards its balance, newest first. */
export async function cardActivity(db: Queryable, cardId: string, limit = 50) {
  return rows<{ id: string; kind: 'purchase' | 'payment'; status: string; description: string; amount_minor: string; currency: string; decline_reason: CardDeclineReason | null; created_at: Date }>(
    db,
    `SELECT * FROM (
       SELECT a.id, 'purchase' AS kind, a.status, a.merchant AS description, coalesce(a.captured_minor, a.amount_minor)::text AS amount_minor, a.currency, a.decline_reason, a.created_at
         FROM card_authorisations a WHERE a.card_id = $1
       UNION ALL
       SELECT t.id, 'payment', t.status, t.description, t.amount_minor::text, t.currency, NULL, t.created_at
         FROM transactions t WHERE t.kind = 'card_payment' AND t.metadata->>'cardId' = $1::text
     ) x ORDER BY created_at DESC LIMIT $2`,
    [cardId, limit],
  );
}

/** A card as staff see it: masked (last 4 only), with its holder's account number and the SSN's last 4. */
export interface AdminCardRow extends CardRow {
  account_number: string;
}

export interface AdminCardFilter {
  status?: string;
  customerId?: string;
  q?: string;
}

const ADMIN_SORT: Record<string, string> = { createdAt: 'c.created_at', status: 'c.status', creditLimit: 'c.credit_limit_minor', id: 'c.created_at' };

export async function adminListCards(db: Queryable, f: AdminCardFilter, sort: { field: string; order: 'ASC' | 'DESC' }, page: { limit: number; offset: number }) {
  const where = `($1::text IS NULL OR c.status = $1 OR ($1 = 'pending' AND c.status = 'awaiting_second_approval'))
    AND ($2::uuid IS NULL OR c.customer_id = $2)
    AND ($3::text IS NULL OR c.number_last4 = $3 OR lower(c.first_name || ' ' || c.last_name) LIKE '%' || lower($3) || '%' OR cu.account_number = $3)`;
  const params = [f.status ?? null, f.customerId ?? null, f.q ?? null];
  const items = await rows<AdminCardRow>(
    db,
    `SELECT ${CARD_COLUMNS}, cu.account_number FROM cards c JOIN customers cu ON cu.id = c.customer_id
      WHERE ${where} ORDER BY ${ADMIN_SORT[sort.field] ?? 'c.created_at'} ${sort.order}, c.id LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM cards c JOIN customers cu ON cu.id = c.customer_id WHERE ${where}`, params);
  return { items, total: Number(count) };
}

export async function adminFindCard(db: Queryable, id: string): Promise<AdminCardRow | undefined> {
  const [row] = await rows<AdminCardRow>(db, `SELECT ${CARD_COLUMNS}, cu.account_number FROM cards c JOIN customers cu ON cu.id = c.customer_id WHERE c.id = $1`, [id]);
  return row;
}

export async function adminListAuthorisations(db: Queryable, f: { cardId?: string; status?: string }, order: 'ASC' | 'DESC', page: { limit: number; offset: number }) {
  const where = `($1::uuid IS NULL OR card_id = $1) AND ($2::text IS NULL OR status = $2)`;
  const params = [f.cardId ?? null, f.status ?? null];
  const items = await rows<AuthorisationRow>(db, `SELECT * FROM card_authorisations WHERE ${where} ORDER BY created_at ${order}, id LIMIT $3 OFFSET $4`, [...params, page.limit, page.offset]);
  return { items, total: await totalUpTo(db, `SELECT 1 FROM card_authorisations WHERE ${where}`, params, page.offset) };
}

/** A card application, locked for a staff decision. */
export async function lockCardApplication(db: Queryable, cardId: string) {
  const [row] = await rows<{ id: string; status: string; customer_id: string; card_type: CardType; credit_limit_minor: string; currency: string }>(
    db,
    `SELECT id, status, customer_id, card_type, credit_limit_minor, currency FROM cards WHERE id = $1 FOR UPDATE`,
    [cardId],
  );
  return row;
}

/** The review queue's count of card applications waiting for a decision. */
export const PENDING_CARD_APPLICATIONS_SQL = `SELECT count(*) FROM cards WHERE status IN ('pending','awaiting_second_approval')`;
