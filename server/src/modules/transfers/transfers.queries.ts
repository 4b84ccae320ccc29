import type { DataSource } from 'typeorm';
import { batchRows, byOrdinal } from '../../common/coalescer';
import { prepared, rows, type Queryable } from '../../common/sql';
import { retrying } from '../../db/transaction';
import type { TransactionRow } from '../ledger';
import { COMMIT_WITHOUT_FLUSH, lockAttemptRows, reservable, TAKE_ATTEMPT, takeAttemptsFor, type PinHolder } from '../pin';
import { WITHDRAWAL_CONDITION } from '../../db/migrations/1760002700000-withdrawals-index.migration';

export interface NotificationPreferences {
  transactionAlerts?: boolean;
  emailNotifications?: boolean;
}

export interface Sender extends PinHolder {
  first_name: string;
  last_name: string;
  email: string;
  account_number: string;
  currency: string;
  notification_preferences: NotificationPreferences;
  /** The sender's main ledger account (in their currency). */
  account_id: string;
  /** Outbound debits (with fees) booked or held today, minor units. */
  spent_today: string;
  /** 'Freeze everything' is on: nothing may leave (modules/freeze). */
  frozen_at: Date | null;
}

export interface SameBankParties extends Pick<Sender, 'id' | 'first_name' | 'last_name' | 'account_number' | 'currency' | 'pin_hash' | 'account_id' | 'frozen_at' | 'spent_today'> {
  /** The sender's balance when read: an early refusal before the PIN; post_journals judges funds again under its lock. */
  balance_minor: string;
  r_id: string | null;
  r_first_name: string;
  r_last_name: string;
  r_email: string;
  r_currency: string;
  r_status: string;
  r_preferences: NotificationPreferences;
  r_account_id: string | null;
  /** This read took one PIN attempt for the sender (reserveAndLoadSameBankParties). */
  pin_reserved: boolean;
}

/** The sender, their main account and what they have already sent today, in one round trip. */
export async function loadSender(db: Queryable, customerId: string): Promise<Sender> {
  const [sender] = await rows<Sender>(
    db,
    `SELECT c.id, c.first_name, c.last_name, c.email, c.account_number, c.currency, c.pin_hash, c.notification_preferences, c.frozen_at,
            a.id::text AS account_id,
            (CASE WHEN a.outbound_day = current_date THEN a.outbound_minor ELSE 0 END)::text AS spent_today
       FROM customers c JOIN ledger_accounts a ON a.customer_id = c.id AND a.currency = c.currency AND NOT a.secondary_account
      WHERE c.id = $1`,
    [customerId],
  );
  return sender;
}

/**
 * SQL: both parties of a same-bank transfer, for a sender id and a recipient account number (SQL expressions): the
 * columns of SameBankParties but `pin_reserved`. Read with the attempt that approves it, here and beside the session
 * check (auth/session.service.ts). The sender pays from their primary account (the ledger account in their currency
 * that is not secondary: one probe of ledger_accounts_customer_currency_uq). The recipient is any account that can
 * receive (active or frozen) by its number, a customer's primary or further one (docs/decisions/0062-accounts.md), but
 * a term deposit (paid into only when it opens, docs/decisions/0063-interest.md):
 * one probe of accounts_account_number_uq, whose row names its ledger account, and one of the owner's primary key.
 * The number arrives as text, the column's type, so that the comparison can use the index (migration 1760002200000).
 */
export const sameBankPartiesOf = (sender: string, recipient: string) => `
  SELECT s.*, r.*
    FROM (SELECT s.id, s.first_name, s.last_name, s.account_number, s.currency, s.pin_hash, s.frozen_at, sa.id::text AS account_id,
                 sa.balance_minor::text AS balance_minor, (CASE WHEN sa.outbound_day = current_date THEN sa.outbound_minor ELSE 0 END)::text AS spent_today
            FROM customers s JOIN ledger_accounts sa ON sa.customer_id = s.id AND sa.currency = s.currency AND NOT sa.secondary_account
           WHERE s.id = ${sender} OFFSET 0) s
    LEFT JOIN LATERAL (
      SELECT r.id AS r_id, r.first_name AS r_first_name, r.last_name AS r_last_name, r.email AS r_email, ra.currency::text AS r_currency, r.status AS r_status,
             r.notification_preferences AS r_preferences, ra.ledger_account_id::text AS r_account_id
        FROM accounts ra JOIN customers r ON r.id = ra.customer_id
       WHERE ra.number = ${recipient} AND ra.status IN ('active','frozen') AND ra.product <> 'fixed_deposit' OFFSET 0) r ON true`;

/**
 * SQL of a same-bank payment's read beside the session check (SessionRider, payment-rider.ts; docs/performance.md#payment-parties-read-in-the-session-check): for
 * each request the check lets through (`ridden`), one PIN attempt taken (takeAttemptsFor, which names them in
 * `reserved`), and both parties read as one JSON value, for the sender `k.subject_id` and the account number `k.input`.
 */
export const sameBankPaymentRiderSql = {
  with: (ridden: string, firstParam: number) => takeAttemptsFor(ridden, `$${firstParam}`),
  columns: (ridden: string) => `CASE WHEN ${ridden} THEN (SELECT to_jsonb(x) FROM (${sameBankPartiesOf('k.subject_id', 'k.input')}) x) END AS parties,
            EXISTS (SELECT 1 FROM reserved WHERE reserved.o = k.o) AS pin_reserved`,
};

/** The parties as sameBankPartiesOf read them into one JSON value (to_jsonb), with whether the attempt was taken. */
export function partiesFromJson(json: Record<string, unknown>, pinReserved: boolean): SameBankParties {
  const parties = json as unknown as SameBankParties;
  return Object.assign(parties, { frozen_at: parties.frozen_at ? new Date(parties.frozen_at) : null, pin_reserved: pinReserved });
}

/**
 * Both parties of many same-bank transfers in one prepared statement (the coalescer's batch), which also takes
 * one PIN attempt for each sender whose attempts are not all taken and whose payments are not locked
 * (modules/pin/pin-attempts.ts; `pin_reserved` says whether it did). For a transfer whose parties were not read beside its
 * session check (SessionService). Reading and reserving in one statement saves a round trip and a commit per batch,
 * and that commit does not wait for the disk (COMMIT_WITHOUT_FLUSH). The attempt is given back if the request is
 * refused before its PIN is judged, and started again inside the payment's own booking (post_journals' pinReset).
 * Each sender appears at most once per batch (the caller's coalescer keys by sender), so a reservation is never
 * counted twice. Attempt rows are locked in customer id order (lockAttemptRows): a booking that starts a sender's
 * attempts again and this statement reserving the next ones never wait on each other in a cycle.
 */
export async function reserveAndLoadSameBankParties(ds: DataSource, keys: { senderId: string; recipientAccountNumber: string }[], maxAttempts: number): Promise<(SameBankParties | undefined)[]> {
  const found = await retrying(() =>
    prepared<SameBankParties & { o: number }>(
      ds,
      'same-bank-parties-reserve',
      `WITH locked AS (${lockAttemptRows('$1::uuid[]', reservable('$3'))}),
     ${COMMIT_WITHOUT_FLUSH},
     reserved AS (
       UPDATE pin_attempts p SET ${TAKE_ATTEMPT} FROM locked, commit_without_flush WHERE p.customer_id = locked.customer_id
        RETURNING p.customer_id)
     SELECT q.o, x.*, EXISTS (SELECT 1 FROM reserved WHERE reserved.customer_id = q.sender) AS pin_reserved
       FROM ${batchRows('q', [
         ['$1::uuid[]', 'sender'],
         ['$2::text[]', 'recipient'],
       ])}
       JOIN LATERAL (${sameBankPartiesOf('q.sender', 'q.recipient')}) x ON true`,
      [keys.map((k) => k.senderId), keys.map((k) => k.recipientAccountNumber), maxAttempts],
    ),
  );
  return byOrdinal(keys.length, found);
}

export interface RecipientRow {
  id: string;
  first_name: string;
  last_name: string;
  status: string;
  /** The ledger account of the account the number names. */
  ledger_account_id: string;
}

/** Whose account a number is (any account that can receive: active or frozen, not a term deposit), for the name shown before paying. */
export async function findRecipient(db: Queryable, accountNumber: string): Promise<RecipientRow | undefined> {
  const [recipient] = await rows<RecipientRow>(
    db,
    `SELECT r.id, r.first_name, r.last_name, r.status, ra.ledger_account_id::text AS ledger_account_id
       FROM accounts ra JOIN customers r ON r.id = ra.customer_id WHERE ra.number = $1 AND ra.status IN ('active','frozen') AND ra.product <> 'fixed_deposit'`,
    [accountNumber],
  );
  return recipient;
}

/** Whether the ledger account is the customer's primary one (in their currency, not secondary). */
export async function isPrimaryLedgerAccount(db: Queryable, customerId: string, ledgerAccountId: string): Promise<boolean> {
  const found = await rows(db, `SELECT 1 FROM accounts WHERE customer_id = $1 AND is_primary AND ledger_account_id = $2`, [customerId, ledgerAccountId]);
  return found.length > 0;
}

export interface TransferRow {
  id: string;
  customer_id: string;
  /** The account it leaves: the one the payment named, else the customer's primary account (fill_primary_account). */
  account_id: string;
  status: string;
  kind: 'transfer_local' | 'transfer_international';
  amount_minor: string;
  fee_minor: string;
  currency: string;
  payment_amount_minor: string;
  payment_currency: string;
  rate: string | null;
  payee: Record<string, unknown>;
  binding_hash: string;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_attempts: number;
  needs_code: boolean;
  code_verified_at: Date | null;
  execute_on: string | null;
  /** When a dated payment's day begins for its customer (null before migration 1760002900000: early on execute_on in UTC). */
  execute_at: Date | null;
  transaction_id: string | null;
  status_reason: string | null;
  /** A local transfer that sets up a standing order: how often it repeats, and its last date if one was set (0053). */
  repeat_frequency: 'weekly' | 'monthly' | null;
  repeat_until: string | null;
  /** Whose calendar its date is in (an IANA name); null before migration 1760003100000. */
  time_zone: string | null;
  /** The standing order it set up, or is a payment of. */
  standing_order_id: string | null;
  created_at: Date;
}

/** A transfer's columns, with its calendar dates as text (a JavaScript Date would read them at the server's midnight). */
export const TRANSFER_COLUMNS = `*, execute_on::text AS execute_on, repeat_until::text AS repeat_until`;

/** The customer's own transfer, locked for the step that changes it; another customer's is not found. */
export async function lockOwnTransfer(db: Queryable, transferId: string, customerId: string): Promise<TransferRow | undefined> {
  const [transfer] = await rows<TransferRow>(db, `SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE id = $1 AND customer_id = $2 FOR UPDATE`, [transferId, customerId]);
  return transfer;
}

export async function lockTransfer(db: Queryable, transferId: string): Promise<TransferRow | undefined> {
  const [transfer] = await rows<TransferRow>(db, `SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE id = $1 FOR UPDATE`, [transferId]);
  return transfer;
}

/** Whether the customer has withdrawn: the first entry of their withdrawals' index, if any (docs/performance.md#withdrawals-index). */
export const HAS_WITHDRAWN_SQL = `SELECT EXISTS (SELECT 1 FROM transactions WHERE customer_id = $1 AND ${WITHDRAWAL_CONDITION}) AS withdrawn`;

/**
 * Whether the customer has made a successful outbound payment: one who has not is a first-time sender (the e-mailed code
 * step). Asked as EXISTS, it stops at the first such payment; counting them read a long history whole on every payment.
 */
export async function hasWithdrawn(db: Queryable, customerId: string): Promise<boolean> {
  const [{ withdrawn }] = await rows<{ withdrawn: boolean }>(db, HAS_WITHDRAWN_SQL, [customerId]);
  return withdrawn;
}

export async function customerContact(db: Queryable, customerId: string) {
  const [customer] = await rows<{ email: string; first_name: string; currency: string; notification_preferences: NotificationPreferences }>(
    db,
    `SELECT email, first_name, currency, notification_preferences FROM customers WHERE id = $1`,
    [customerId],
  );
  return customer;
}

/** A returned payment no longer counts against the day's outbound limit (if it was made today). */
export async function releaseOutboundLimit(db: Queryable, accountId: string, amountMinor: bigint, transactionId: string): Promise<void> {
  await db.query(
    `UPDATE ledger_accounts SET outbound_minor = greatest(outbound_minor - $2::bigint, 0)
      WHERE id = $1 AND outbound_day = current_date AND outbound_day = (SELECT created_at::date FROM transactions WHERE id = $3)`,
    [accountId, amountMinor.toString(), transactionId],
  );
}

/** An incoming payment as the console lists and shows it (amount_minor as text, for withAmount), with the number of the account it credits. */
const INCOMING_PAYMENT_COLUMNS = `p.id, p.network_reference AS "networkReference", p.status, p.status_reason AS "statusReason", p.sender_name AS "senderName",
       p.sender_bank AS "senderBank", p.amount_minor::text AS amount_minor, p.currency, a.number AS "accountNumber",
       concat_ws(' ', c.first_name, c.last_name) AS "holderName", s.email AS "postedBy", p.created_at AS "createdAt"
  FROM incoming_payments p JOIN customers c ON c.id = p.customer_id JOIN accounts a ON a.id = p.account_id LEFT JOIN staff_users s ON s.id = p.posted_by`;

/** Incoming payments posted by staff, in one status or all, by when they were posted; and how many there are. */
export async function listIncomingPayments(
  db: Queryable,
  { status, direction, limit, offset }: { status: string | null; direction: 'ASC' | 'DESC'; limit: number; offset: number },
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const items = await rows(db, `SELECT ${INCOMING_PAYMENT_COLUMNS} WHERE ($1::text IS NULL OR p.status = $1) ORDER BY p.created_at ${direction === 'DESC' ? 'DESC' : 'ASC'} LIMIT $2 OFFSET $3`, [
    status,
    limit,
    offset,
  ]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM incoming_payments WHERE ($1::text IS NULL OR status = $1)`, [status]);
  return { items, total: Number(count) };
}

/** One incoming payment by id. */
export async function incomingPaymentById(db: Queryable, id: string): Promise<Record<string, unknown> | undefined> {
  const [item] = await rows(db, `SELECT ${INCOMING_PAYMENT_COLUMNS} WHERE p.id = $1`, [id]);
  return item;
}

/** How far back "Pay again" looks: a bounded read of the newest rows, whatever the length of a history. */
export const RECENT_PAYEE_WINDOW_ROWS = 500;

/**
 * The Strongroom accounts the customer paid among their newest transactions, each once with its latest name, newest
 * first. The inner LIMIT walks the customer's (customer_id, created_at DESC) index and stops: a customer with 100,000
 * transactions costs what one with 500 does.
 */
export async function recentSameBankPayees(db: Queryable, customerId: string, limit: number) {
  return rows<{ accountNumber: string; name: string; lastPaidAt: Date }>(
    db,
    `SELECT "accountNumber", name, "lastPaidAt" FROM (
       SELECT DISTINCT ON (latest.counterparty) latest.counterparty AS "accountNumber", latest.recipient AS name, latest.created_at AS "lastPaidAt"
         FROM (SELECT counterparty, recipient, created_at, kind, type, status FROM transactions
                WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2) latest
        WHERE latest.kind = 'transfer_same' AND latest.type = 'debit' AND latest.status = 'success'
          AND latest.counterparty IS NOT NULL AND latest.recipient IS NOT NULL
        ORDER BY latest.counterparty, latest.created_at DESC) payees
     ORDER BY "lastPaidAt" DESC LIMIT $3`,
    [customerId, RECENT_PAYEE_WINDOW_ROWS, limit],
  );
}

/**
 * The payees of the customer's newest local and international transfers that were authorised (sent, waiting for staff
 * or for their date), each payee once (by kind, bank and account number) with its latest details, newest first. An
 * abandoned, expired, cancelled or refused transfer is no reason to offer its details again.
 */
export async function recentOutboundPayees(db: Queryable, customerId: string) {
  return rows<{ kind: TransferRow['kind']; payee: Record<string, unknown>; paymentCurrency: string; lastPaidAt: Date }>(
    db,
    `SELECT kind, payee, "paymentCurrency", "lastPaidAt" FROM (
       SELECT DISTINCT ON (latest.kind, latest.payee->>'recipientBankName', latest.payee->>'recipientAccountNumber')
              latest.kind, latest.payee, latest.payment_currency AS "paymentCurrency", latest.created_at AS "lastPaidAt"
         FROM (SELECT kind, payee, payment_currency, created_at FROM transfers
                WHERE customer_id = $1 AND status IN ('scheduled', 'pending', 'completed') ORDER BY created_at DESC LIMIT $2) latest
        ORDER BY latest.kind, latest.payee->>'recipientBankName', latest.payee->>'recipientAccountNumber', latest.created_at DESC) payees
     ORDER BY "lastPaidAt" DESC`,
    [customerId, RECENT_PAYEE_WINDOW_ROWS],
  );
}

/** An outbound payment's transaction, locked for its settlement decision (settlement.review.ts). */
export async function lockSettledTransaction(db: Queryable, transactionId: string) {
  const [tx] = await rows<{
    id: string;
    customer_id: string;
    account_id: string;
    kind: string;
    status: string;
    amount_minor: string;
    fee_minor: string;
    currency: string;
    reference: string;
    recipient: string;
    metadata: { transferId?: string };
  }>(db, `SELECT * FROM transactions WHERE id = $1 FOR UPDATE`, [transactionId]);
  return tx;
}

export async function setTransactionStatus(db: Queryable, transactionId: string, status: string, reason: string | null | undefined): Promise<void> {
  await db.query(`UPDATE transactions SET status = $2, status_reason = $3, updated_at = now() WHERE id = $1`, [transactionId, status, reason]);
}

export async function setTransferStatusWithReason(db: Queryable, transferId: string, status: string, reason: string | null | undefined): Promise<void> {
  await db.query(`UPDATE transfers SET status = $2, status_reason = $3, updated_at = now() WHERE id = $1`, [transferId, status, reason]);
}

/** A dated transfer's funds are held: it is pending settlement, with the transaction that holds them. */
export async function markTransferHeld(db: Queryable, transferId: string, transactionId: string): Promise<void> {
  await db.query(`UPDATE transfers SET status = 'pending', transaction_id = $2, updated_at = now() WHERE id = $1`, [transferId, transactionId]);
}

export async function markTransferScheduled(db: Queryable, transferId: string): Promise<void> {
  await db.query(`UPDATE transfers SET status = 'scheduled', updated_at = now() WHERE id = $1`, [transferId]);
}

export async function markTransferCancelled(db: Queryable, transferId: string): Promise<void> {
  await db.query(`UPDATE transfers SET status = 'cancelled', updated_at = now() WHERE id = $1`, [transferId]);
}

/** The customer's dated transfers: waiting ones first, then the last 20 that ran, failed or were cancelled. */
export function datedTransfersOf(db: Queryable, customerId: string): Promise<TransferRow[]> {
  return rows<TransferRow>(
    db,
    `SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE customer_id = $1 AND execute_on IS NOT NULL AND status <> 'awaiting_authorisation' AND status <> 'expired'
        AND (standing_order_id IS NULL OR status = 'scheduled' OR id IN (SELECT first_transfer_id FROM standing_orders WHERE customer_id = $1))
      ORDER BY (transfers.status = 'scheduled') DESC, transfers.execute_on DESC, transfers.created_at DESC LIMIT 20`,
    [customerId],
  );
}

/** The debit a same-bank transfer booked under `reference` for its sender. */
export async function bookedDebit(db: Queryable, reference: string, customerId: string): Promise<TransactionRow | undefined> {
  const [debit] = await rows<TransactionRow>(db, `SELECT * FROM transactions WHERE reference = $1 AND customer_id = $2`, [reference, customerId]);
  return debit;
}

/** The review queue's count of held outbound transfers waiting to be settled. */
export const PENDING_SETTLEMENTS_SQL = `SELECT count(*) FROM transactions WHERE status = 'pending' AND kind IN ('transfer_local','transfer_international')`;

/** The review queue's count of incoming payments waiting for their second approval. */
export const PENDING_INCOMING_SQL = `SELECT count(*) FROM incoming_payments WHERE status = 'awaiting_second_approval'`;
