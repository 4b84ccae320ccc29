import { rows, type Queryable } from '../../common/sql';

/** A payment from another bank as staff posted it, with the currency of the account it credits. */
export interface IncomingRow {
  id: string;
  customer_id: string;
  status: string;
  amount_minor: string;
  currency: string;
  credit_minor: string;
  sender_name: string;
  sender_bank: string;
  network_reference: string;
  /** The account it credits. */
  account_id: string;
  account_currency: string;
}

export async function linkIncomingTransaction(db: Queryable, paymentId: string, transactionId: string): Promise<void> {
  await db.query(`UPDATE incoming_payments SET transaction_id = $2, updated_at = now() WHERE id = $1`, [paymentId, transactionId]);
}

/** Who hears of a payment received, and whether they asked for transaction alerts. */
export async function receiptRecipient(db: Queryable, customerId: string) {
  const [customer] = await rows<{ email: string; first_name: string; notification_preferences: { transactionAlerts?: boolean } }>(
    db,
    `SELECT email, first_name, notification_preferences FROM customers WHERE id = $1`,
    [customerId],
  );
  return customer;
}

export interface NewIncomingPayment {
  reference: string;
  customerId: string;
  amountMinor: bigint;
  currency: string;
  creditMinor: bigint;
  senderName: string;
  senderBank: string;
  status: string;
  postedBy: string;
  /** The account it credits, and that account's currency. */
  accountId: string;
  accountCurrency: string;
}

export async function insertIncomingPayment(db: Queryable, p: NewIncomingPayment): Promise<IncomingRow> {
  const [row] = await rows<IncomingRow>(
    db,
    `INSERT INTO incoming_payments (network_reference, customer_id, amount_minor, currency, credit_minor, sender_name, sender_bank, status, posted_by, account_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$11) RETURNING *, $10::text AS account_currency`,
    [p.reference, p.customerId, p.amountMinor.toString(), p.currency, p.creditMinor.toString(), p.senderName, p.senderBank, p.status, p.postedBy, p.accountCurrency, p.accountId],
  );
  return row;
}

/** An incoming payment, locked for a staff decision. */
export async function lockIncomingPayment(db: Queryable, paymentId: string): Promise<IncomingRow | undefined> {
  const [row] = await rows<IncomingRow>(db, `SELECT p.*, a.currency AS account_currency FROM incoming_payments p JOIN accounts a ON a.id = p.account_id WHERE p.id = $1 FOR UPDATE OF p`, [paymentId]);
  return row;
}

export async function setIncomingStatus(db: Queryable, paymentId: string, status: string, reason: string | null | undefined): Promise<void> {
  await db.query(`UPDATE incoming_payments SET status = $2, status_reason = $3, updated_at = now() WHERE id = $1`, [paymentId, status, reason]);
}
