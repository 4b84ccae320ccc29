import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import {
  MAX_FAILED_PAYMENTS_IN_A_ROW,
  describeRepeat,
  formatCalendarDate,
  formatMoney,
  isoDayIn,
  minorToDecimal,
  paymentDate,
  type StaffStandingOrderDto,
  type StandingOrderDto,
} from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { SYSTEM_ACTOR, type Actor } from '../../common/actor';
import { dayStartIn } from '../../common/calendar-days';
import { withTransaction } from '../../db/transaction';
import { recordStatusEvent } from '../review';
import { enqueueMail } from '../mail';
import { assertNotFrozen } from '../freeze';
import { recordAudit } from '../audit';
import { holdFunds, quote, customerContact, loadSender, type TransferRow } from '../transfers';
import {
  endStandingOrder,
  failOrderPayment,
  insertOrderPayment,
  insertStandingOrder,
  countForStaff,
  linkTransferToOrder,
  listForStaff,
  listStandingOrders,
  lockStandingOrder,
  recordPaymentOutcome,
  type StaffListQuery,
  type StaffStandingOrderRow,
  type StandingOrderListRow,
  type StandingOrderRow,
} from './standing-orders.queries';
import * as errors from './standing-orders.errors';

export const STANDING_ORDER_PAYMENT_TASK = 'standing_order_payment';

/** One job waits per order: for its next payment date, from that day's start where the customer is. */
async function schedulePayment(app: FastifyInstance, m: EntityManager, order: Pick<StandingOrderRow, 'id' | 'time_zone'>, dueOn: string): Promise<void> {
  await app.jobs.enqueue(m, STANDING_ORDER_PAYMENT_TASK, { standingOrderId: order.id }, { runAt: dayStartIn(dueOn, order.time_zone), jobKey: `standing-order:${order.id}` });
}

/**
 * A repeating local transfer has just been authenticated (its first payment held now, or scheduled for its date):
 * the order it sets up pays the same amount to the same payee on each later date, under the same authentication
 * (docs/decisions/0053). Answers the sentence the customer is told.
 */
export async function setUpStandingOrder(app: FastifyInstance, m: EntityManager, transfer: TransferRow, actor: Actor): Promise<string> {
  const frequency = transfer.repeat_frequency;
  if (!frequency) throw new Error(`transfer ${transfer.id} does not repeat`);
  const timeZone = transfer.time_zone ?? 'UTC';
  // The first payment's date is the customer's: the day chosen, or their today for one that went at once.
  const firstOn = transfer.execute_on ?? isoDayIn(app.clock.now(), timeZone);
  const nextOn = paymentDate(firstOn, frequency, 1);
  const order = await insertStandingOrder(m, {
    customerId: transfer.customer_id,
    accountId: transfer.account_id,
    firstTransferId: transfer.id,
    frequency,
    amountMinor: BigInt(transfer.amount_minor),
    currency: transfer.currency,
    payee: transfer.payee,
    bindingHash: transfer.binding_hash,
    timeZone,
    firstOn,
    untilOn: transfer.repeat_until,
    nextOn,
  });
  await linkTransferToOrder(m, transfer.id, order.id);
  await recordStatusEvent(m, { subjectType: 'standing_order', subjectId: order.id, from: null, to: 'active', actor });
  await schedulePayment(app, m, order, nextOn);
  return `Standing order set up: it repeats ${describeRepeat(frequency, transfer.repeat_until)}; the next payment is on ${formatCalendarDate(nextOn)}.`;
}

/**
 * The job: an order's payment date has come. The payment is made as a scheduled transfer would be (funds, the
 * day's limit and a freeze judged now, held for staff to settle); one that cannot be made is told to the customer
 * and the order goes on, until MAX_FAILED_PAYMENTS_IN_A_ROW in a row stop it. Then the next date is set, or the
 * order ends after its last one.
 */
export async function makeStandingOrderPayment(app: FastifyInstance, standingOrderId: string): Promise<void> {
  await withTransaction(app.db, async (m) => {
    const order = await lockStandingOrder(m, standingOrderId);
    if (!order || order.status !== 'active' || !order.next_on) return; // cancelled meanwhile
    const dueOn = order.next_on;
    // A job brought forward (a test's clock, a worker's early start) waits for its date where the customer is.
    if (dayStartIn(dueOn, order.time_zone).getTime() > app.clock.now().getTime()) return schedulePayment(app, m, order, dueOn);
    const failure = await makePayment(app, m, order, dueOn);
    const failedInARow = failure ? order.failed_in_a_row + 1 : 0;
    const following = paymentDate(order.first_on, order.frequency, order.next_index + 1);
    const over = order.until_on !== null && following > order.until_on;
    const stopped = failedInARow >= MAX_FAILED_PAYMENTS_IN_A_ROW;
    const status = stopped ? 'stopped' : over ? 'ended' : 'active';
    await recordPaymentOutcome(m, order.id, { made: !failure, status, nextOn: status === 'active' ? following : null, nextIndex: order.next_index + 1 });
    if (status !== 'active') {
      const reason = stopped ? `${MAX_FAILED_PAYMENTS_IN_A_ROW} payments in a row could not be made` : 'Its last payment date has passed';
      await recordStatusEvent(m, { subjectType: 'standing_order', subjectId: order.id, from: 'active', to: status, actor: SYSTEM_ACTOR, reason });
    } else {
      await schedulePayment(app, m, order, following);
    }
    if (failure) await tellFailure(app, m, order, failure, stopped);
  });
}

/** The payment for `dueOn`, held like any local transfer; the reason when it could not be made. */
async function makePayment(app: FastifyInstance, m: EntityManager, order: StandingOrderRow, dueOn: string): Promise<string | null> {
  // The bank's local fee as it stands on the day (the amount is the one the customer authenticated).
  const { feeMinor } = await quote(m, order.customer_id, 'local', minorToDecimal(BigInt(order.amount_minor), order.currency), undefined, order.currency);
  const transfer = await insertOrderPayment(m, order, { dueOn, executeAt: dayStartIn(dueOn, order.time_zone), feeMinor });
  if (!transfer) return null; // made by an earlier run of this job
  await recordStatusEvent(m, { subjectType: 'transfer', subjectId: transfer.id, from: null, to: 'scheduled', actor: SYSTEM_ACTOR });
  const sender = await loadSender(m, order.customer_id);
  try {
    await m.query('SAVEPOINT payment');
    assertNotFrozen(sender.frozen_at);
    await holdFunds(app, m, transfer, sender, SYSTEM_ACTOR);
    await m.query('RELEASE SAVEPOINT payment');
    return null;
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    await m.query('ROLLBACK TO SAVEPOINT payment');
    await failOrderPayment(m, transfer.id, err.message);
    await recordStatusEvent(m, { subjectType: 'transfer', subjectId: transfer.id, from: 'scheduled', to: 'failed', actor: SYSTEM_ACTOR, reason: err.message });
    return err.message;
  }
}

async function tellFailure(app: FastifyInstance, m: EntityManager, order: StandingOrderRow, reason: string, stopped: boolean): Promise<void> {
  const contact = await customerContact(m, order.customer_id);
  const amount = formatMoney(BigInt(order.amount_minor), order.currency);
  const recipient = String(order.payee.recipientName);
  const outcome = stopped
    ? `Its last ${MAX_FAILED_PAYMENTS_IN_A_ROW} payments could not be made, so we have stopped the standing order; set it up again when you are ready.`
    : 'The standing order goes on: we will try its next payment on its date.';
  const line = `Your standing order of ${amount} to ${recipient} could not pay today: ${reason} Nothing left your account. ${outcome}`;
  await enqueueMail(app, m, { to: contact.email, template: 'transactionAlert', data: { firstName: contact.first_name, line }, customerId: order.customer_id });
}

/**
 * An order is stopped: no later payment is made (one already held goes on to staff as any transfer). By its customer
 * (`customerId` is theirs: another's order is not found), or by staff at the customer's request, which is audited and
 * told to the customer, so an order stopped behind their back does not go unnoticed.
 */
export async function cancelStandingOrder(app: FastifyInstance, m: EntityManager, standingOrderId: string, actor: Actor, customerId?: string): Promise<void> {
  const order = await lockStandingOrder(m, standingOrderId, customerId);
  if (!order) throw errors.standingOrderNotFound();
  if (order.status !== 'active') throw errors.alreadyEnded();
  await endStandingOrder(m, order.id, 'cancelled');
  await recordStatusEvent(m, { subjectType: 'standing_order', subjectId: order.id, from: 'active', to: 'cancelled', actor });
  if (actor.type !== 'staff') return;
  const amount = formatMoney(BigInt(order.amount_minor), order.currency);
  const recipient = String(order.payee.recipientName);
  await recordAudit(m, actor, { action: 'standing_order.cancel', targetType: 'standing_order', targetId: order.id, details: { customerId: order.customer_id, amount, recipient } });
  const contact = await customerContact(m, order.customer_id);
  const line = `We have stopped your standing order of ${amount} to ${recipient}: no further payments will be made. If you did not ask us to, call us at once.`;
  await enqueueMail(app, m, { to: contact.email, template: 'transactionAlert', data: { firstName: contact.first_name, line }, customerId: order.customer_id });
}

export async function standingOrdersOf(m: EntityManager, customerId: string): Promise<StandingOrderDto[]> {
  return (await listStandingOrders(m, customerId)).map(toStandingOrderDto);
}

/** Staff's page of orders, each naming its customer. */
export async function standingOrdersForStaff(m: EntityManager, query: StaffListQuery): Promise<{ items: StaffStandingOrderDto[]; total: number | undefined }> {
  const rows = await listForStaff(m, query);
  return { items: rows.map(toStaffDto), total: await countForStaff(m, query) };
}

export async function standingOrderForStaff(m: EntityManager, id: string): Promise<StaffStandingOrderDto> {
  const [row] = await listForStaff(m, { id, sortColumn: 'created_at', direction: 'DESC', limit: 1, offset: 0 });
  if (!row) throw errors.standingOrderNotFound();
  return toStaffDto(row);
}

const toStaffDto = (row: StaffStandingOrderRow): StaffStandingOrderDto => ({
  ...toStandingOrderDto(row),
  customerId: row.customer_id,
  customerName: row.customer_name,
  customerAccountNumber: row.customer_account_number,
});

function toStandingOrderDto(row: StandingOrderListRow): StandingOrderDto {
  return {
    id: row.id,
    status: row.status,
    frequency: row.frequency,
    recipientName: String(row.payee.recipientName),
    recipientBankName: String(row.payee.recipientBankName),
    recipientAccountNumber: String(row.payee.recipientAccountNumber),
    amount: minorToDecimal(BigInt(row.amount_minor), row.currency),
    currency: row.currency,
    firstOn: row.first_on,
    nextOn: row.next_on,
    untilOn: row.until_on,
    paymentsMade: row.payments_made,
    lastFailure: row.last_failure,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function defineStandingOrderJobs(app: FastifyInstance): void {
  app.jobs.define(STANDING_ORDER_PAYMENT_TASK, (payload) => makeStandingOrderPayment(app, String(payload.standingOrderId)));
}
