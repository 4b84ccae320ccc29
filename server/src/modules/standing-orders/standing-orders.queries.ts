import type { RepeatFrequency, StandingOrderStatus } from '@strongroom/shared';
import { rows, type Queryable } from '../../common/sql';
import { totalUpTo } from '../../common/list-paging';
import { TRANSFER_COLUMNS, type TransferRow } from '../transfers';

export interface StandingOrderRow {
  id: string;
  customer_id: string;
  /** The account its payments leave: the first payment's. */
  account_id: string;
  first_transfer_id: string;
  status: StandingOrderStatus;
  frequency: RepeatFrequency;
  amount_minor: string;
  currency: string;
  payee: Record<string, unknown>;
  binding_hash: string;
  time_zone: string;
  first_on: string;
  until_on: string | null;
  next_on: string | null;
  next_index: number;
  failed_in_a_row: number;
  created_at: Date;
}

/** An order as its customer sees it: with what its payments came to, read from the payments themselves. */
export interface StandingOrderListRow extends StandingOrderRow {
  payments_made: number;
  last_failure: string | null;
}

// Calendar dates as text: a JavaScript Date would read them at the server's midnight.
const COLUMNS = `id, customer_id, account_id, first_transfer_id, status, frequency, amount_minor, currency, payee, binding_hash, time_zone,
  first_on::text AS first_on, until_on::text AS until_on, next_on::text AS next_on, next_index, failed_in_a_row, created_at, updated_at`;

export interface NewStandingOrder {
  customerId: string;
  accountId: string;
  firstTransferId: string;
  frequency: RepeatFrequency;
  amountMinor: bigint;
  currency: string;
  payee: Record<string, unknown>;
  bindingHash: string;
  timeZone: string;
  firstOn: string;
  untilOn: string | null;
  nextOn: string;
}

export async function insertStandingOrder(db: Queryable, order: NewStandingOrder): Promise<StandingOrderRow> {
  const [row] = await rows<StandingOrderRow>(
    db,
    `INSERT INTO standing_orders (customer_id, first_transfer_id, frequency, amount_minor, currency, payee, binding_hash, time_zone, first_on, until_on, next_on, account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
    [
      order.customerId,
      order.firstTransferId,
      order.frequency,
      order.amountMinor.toString(),
      order.currency,
      JSON.stringify(order.payee),
      order.bindingHash,
      order.timeZone,
      order.firstOn,
      order.untilOn,
      order.nextOn,
      order.accountId,
    ],
  );
  return row;
}

/** The order, locked for the payment or change being made; `customerId` limits it to its owner's. */
export async function lockStandingOrder(db: Queryable, id: string, customerId?: string): Promise<StandingOrderRow | undefined> {
  const [row] = await rows<StandingOrderRow>(db, `SELECT ${COLUMNS} FROM standing_orders WHERE id = $1 AND ($2::uuid IS NULL OR customer_id = $2) FOR UPDATE`, [id, customerId ?? null]);
  return row;
}

/** The two counts a customer's order is shown with, read from its payments. */
const PAYMENT_COUNTS = `(SELECT count(*)::int FROM transfers WHERE standing_order_id = orders.id AND status IN ('pending', 'completed')) AS payments_made,
            (SELECT CASE WHEN status = 'failed' THEN status_reason END FROM transfers
              WHERE standing_order_id = orders.id AND status NOT IN ('scheduled', 'cancelled') ORDER BY created_at DESC LIMIT 1) AS last_failure`;

/** The customer's orders: active ones first (soonest payment first), then the 20 latest that ended. */
export async function listStandingOrders(db: Queryable, customerId: string): Promise<StandingOrderListRow[]> {
  return rows<StandingOrderListRow>(
    db,
    `SELECT orders.*, ${PAYMENT_COUNTS}
       FROM ((SELECT ${COLUMNS} FROM standing_orders WHERE customer_id = $1 AND status = 'active' ORDER BY next_on, created_at)
             UNION ALL
             (SELECT ${COLUMNS} FROM standing_orders WHERE customer_id = $1 AND status <> 'active' ORDER BY updated_at DESC LIMIT 20)) AS orders
      ORDER BY orders.status = 'active' DESC, orders.next_on, orders.updated_at DESC`,
    [customerId],
  );
}

export const STAFF_SORTABLE = { createdAt: 'created_at', nextOn: 'next_on' } as const;

export interface StaffListQuery {
  id?: string;
  customerId?: string;
  status?: StandingOrderStatus;
  sortColumn: (typeof STAFF_SORTABLE)[keyof typeof STAFF_SORTABLE];
  direction: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

/** Staff's list: every customer's orders, or one customer's (the console's customer page), by status; its total up to a cap. */
/** An order as staff see it: with whose it is. */
export interface StaffStandingOrderRow extends StandingOrderListRow {
  customer_name: string;
  customer_account_number: string;
}

const STAFF_WHERE = `($1::uuid IS NULL OR customer_id = $1) AND ($2::text IS NULL OR status = $2) AND ($3::uuid IS NULL OR id = $3)`;
const staffParams = (query: Pick<StaffListQuery, 'customerId' | 'status' | 'id'>) => [query.customerId ?? null, query.status ?? null, query.id ?? null];

/** A page of orders for staff (one order, with `id`); the list's total is `countForStaff`'s, asked only for a list. */
export async function listForStaff(db: Queryable, query: StaffListQuery): Promise<StaffStandingOrderRow[]> {
  const where = STAFF_WHERE;
  const params = staffParams(query);
  const list = await rows<StaffStandingOrderRow>(
    db,
    `SELECT orders.*, ${PAYMENT_COUNTS}, concat_ws(' ', customers.first_name, customers.last_name) AS customer_name, customers.account_number AS customer_account_number
       FROM (SELECT ${COLUMNS} FROM standing_orders WHERE ${where} ORDER BY ${query.sortColumn} ${query.direction} NULLS LAST, id LIMIT $4 OFFSET $5) AS orders
       JOIN customers ON customers.id = orders.customer_id
      ORDER BY orders.${query.sortColumn} ${query.direction} NULLS LAST, orders.id`,
    [...params, query.limit, query.offset],
  );
  return list;
}

/** The staff list's total, counted up to a cap past its page. */
export async function countForStaff(db: Queryable, query: StaffListQuery): Promise<number | undefined> {
  return totalUpTo(db, `SELECT 1 FROM standing_orders WHERE ${STAFF_WHERE}`, staffParams(query), query.offset);
}

export interface PaymentOutcome {
  made: boolean;
  status: StandingOrderStatus;
  nextOn: string | null;
  nextIndex: number;
}

/** After a payment date: what it came to, and what the order waits for next (nothing, once it is over). */
export async function recordPaymentOutcome(db: Queryable, id: string, outcome: PaymentOutcome): Promise<void> {
  await db.query(
    `UPDATE standing_orders SET
        failed_in_a_row = CASE WHEN $2 THEN 0 ELSE failed_in_a_row + 1 END,
        status = $3, next_on = $4, next_index = $5, updated_at = now()
      WHERE id = $1`,
    [id, outcome.made, outcome.status, outcome.nextOn, outcome.nextIndex],
  );
}

export async function endStandingOrder(db: Queryable, id: string, status: Exclude<StandingOrderStatus, 'active'>): Promise<void> {
  await db.query(`UPDATE standing_orders SET status = $2, next_on = NULL, updated_at = now() WHERE id = $1`, [id, status]);
}

/**
 * One payment of an order, as a transfer authenticated when the order was (no code, no PIN: the customer's
 * authentication covered the series), waiting to be held; none when this date's payment exists already.
 */
export async function insertOrderPayment(db: Queryable, order: StandingOrderRow, payment: { dueOn: string; executeAt: Date; feeMinor: bigint }): Promise<TransferRow | undefined> {
  const [transfer] = await rows<TransferRow>(
    db,
    `INSERT INTO transfers (customer_id, kind, status, amount_minor, fee_minor, currency, payment_amount_minor, payment_currency, rate, payee, binding_hash, needs_code,
                            execute_on, execute_at, time_zone, standing_order_id, account_id)
     VALUES ($1, 'transfer_local', 'scheduled', $2, $3, $4, $2, $4, '1', $5, $6, false, $7, $8, $9, $10, $11)
     ON CONFLICT (standing_order_id, execute_on) WHERE standing_order_id IS NOT NULL DO NOTHING
     RETURNING ${TRANSFER_COLUMNS}`,
    [
      order.customer_id,
      order.amount_minor,
      payment.feeMinor.toString(),
      order.currency,
      JSON.stringify(order.payee),
      order.binding_hash,
      payment.dueOn,
      payment.executeAt,
      order.time_zone,
      order.id,
      order.account_id,
    ],
  );
  return transfer;
}

/** The first payment of a repeating transfer belongs to its standing order. */
export async function linkTransferToOrder(db: Queryable, transferId: string, standingOrderId: string): Promise<void> {
  await db.query(`UPDATE transfers SET standing_order_id = $2 WHERE id = $1`, [transferId, standingOrderId]);
}

/** A standing order's payment that could not be made, with why. */
export async function failOrderPayment(db: Queryable, transferId: string, reason: string): Promise<void> {
  await db.query(`UPDATE transfers SET status = 'failed', status_reason = $2, updated_at = now() WHERE id = $1`, [transferId, reason]);
}
