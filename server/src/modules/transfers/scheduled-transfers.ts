import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { formatMoney, minorToDecimal, todayIsoDate, type ScheduledTransferDto } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { SYSTEM_ACTOR, type Actor } from '../../common/actor';
import { withTransaction } from '../../db/transaction';
import { internalAccountId, newReference, postJournal, type PostingInput, type TransactionRow } from '../ledger';
import { recordStatusEvent } from '../review';
import { enqueueMail } from '../mail';
import { CHANNEL_ONLINE, locationOf } from './transfer-quote';
import {
  customerContact,
  datedTransfersOf,
  loadSender,
  lockOwnTransfer,
  lockTransfer,
  markTransferCancelled,
  markTransferHeld,
  markTransferScheduled,
  setTransferStatusWithReason,
  type Sender,
  type TransferRow,
} from './transfers.queries';
import { booking, dailyLimitMinor } from './same-bank.service';
import { chargeAllowance } from './dependant-allowance';
import { sourceOfTransfer } from './payment-source';
import * as errors from './transfers.errors';
import { assertCustomerNotFrozen, assertNotFrozen } from '../freeze';

export const EXECUTE_SCHEDULED_TASK = 'execute_scheduled_transfer';

/**
 * Holds amount and fee for an authenticated local or international transfer: customer -> pending outbound
 * (+ fee income) in one journal, with the customer's pending debit row; staff then settle or reject it. From the
 * account the transfer names (its owner's row, as the ledger's transactions_owned requires); a dependant's payment
 * counts against their daily allowance in this same transaction.
 */
// `_sender`: the payer as the caller read them (frozen or not is judged there); the account is read here.
export async function holdFunds(app: FastifyInstance, m: EntityManager, t: TransferRow, _sender: Sender, actor: Actor): Promise<TransactionRow> {
  const debitMinor = BigInt(t.amount_minor);
  const feeMinor = BigInt(t.fee_minor);
  const source = await sourceOfTransfer(m, t);
  // A shared account's owner who froze everything stops their holders' payments too.
  if (source.customer_id !== t.customer_id) await assertCustomerNotFrozen(m, source.customer_id);
  await chargeAllowance(m, source, debitMinor + feeMinor);
  const account = source.ledger_account_id;
  const owner = source.customer_id;
  // Who paid, when it is not the account's owner (a joint holder or a dependant).
  const paidBy = owner === t.customer_id ? {} : { paidBy: t.customer_id };
  const postings: PostingInput[] = [
    { accountId: account, amountMinor: -(debitMinor + feeMinor), currency: t.currency },
    { accountId: await internalAccountId(m, 'pending_outbound', t.currency), amountMinor: debitMinor, currency: t.currency },
  ];
  if (feeMinor > 0n) postings.push({ accountId: await internalAccountId(m, 'fee_income', t.currency), amountMinor: feeMinor, currency: t.currency });
  const reference = newReference();
  const international = t.kind === 'transfer_international';
  const recipientName = String(t.payee.recipientName);
  const posted = await booking(() =>
    postJournal(
      m,
      { kind: `${t.kind}_hold`, reference, description: `Hold for transfer ${t.id}`, postings, metadata: { transferId: t.id } },
      {
        entries: [
          {
            reference,
            customerId: owner,
            accountId: account,
            type: 'debit',
            kind: t.kind,
            status: 'pending',
            // A standing order's later payments read as such in the customer's history and statements.
            description: t.standing_order_id ? `Standing order to ${recipientName}` : `${international ? 'International' : 'Local'} transfer to ${recipientName}`,
            category: international ? 'International transfer' : 'Local transfer',
            amountMinor: debitMinor,
            feeMinor,
            currency: t.currency,
            recipient: recipientName,
            counterparty: `${String(t.payee.recipientBankName ?? '')} ${String(t.payee.recipientAccountNumber ?? '')}`.trim(),
            channel: CHANNEL_ONLINE,
            location: locationOf(actor.ip),
            memo: (t.payee.memo as string | undefined) ?? null,
            metadata: {
              transferId: t.id,
              ...paidBy,
              payee: t.payee,
              paymentAmount: minorToDecimal(BigInt(t.payment_amount_minor), t.payment_currency),
              paymentCurrency: t.payment_currency,
              rate: t.rate ?? '1',
            },
          },
        ],
        outboundLimit: { accountId: account, debitMinor: debitMinor + feeMinor, limitMinor: dailyLimitMinor(app, t.currency) },
      },
    ),
  );
  const [tx] = posted.entries;
  await markTransferHeld(m, t.id, tx.id);
  await recordStatusEvent(m, { subjectType: 'transfer', subjectId: t.id, from: t.status, to: 'pending', actor });
  await recordStatusEvent(m, { subjectType: 'transaction', subjectId: tx.id, from: null, to: 'pending', actor });
  return tx;
}

/** An authenticated transfer dated in the future waits, cancellable, for a job on its date. */
export async function scheduleExecution(app: FastifyInstance, m: EntityManager, t: TransferRow, actor: Actor): Promise<void> {
  await markTransferScheduled(m, t.id);
  await recordStatusEvent(m, { subjectType: 'transfer', subjectId: t.id, from: t.status, to: 'scheduled', actor });
  // As its day begins where the customer is, by the bank's clock: jobs due are brought forward when tests move the clock.
  await app.jobs.enqueue(m, EXECUTE_SCHEDULED_TASK, { transferId: t.id }, { runAt: executionMoment(t), jobKey: `transfer:${t.id}` });
}

/** When a dated payment runs: its day's start where its customer is, or, for one dated before that was kept, early on its date in UTC. */
export function executionMoment(t: Pick<TransferRow, 'execute_on' | 'execute_at'>): Date {
  return t.execute_at ? new Date(t.execute_at) : new Date(`${t.execute_on}T06:00:00Z`);
}

/** A dated payment whose moment is still to come at `now` waits, cancellable; one whose day has come goes now. */
export function runsLater(t: Pick<TransferRow, 'execute_on' | 'execute_at'>, now: Date): boolean {
  if (!t.execute_on) return false;
  return t.execute_at ? new Date(t.execute_at).getTime() > now.getTime() : t.execute_on > todayIsoDate(now);
}

/** The job: a scheduled transfer's date has come. Funds and the day's limit are judged now; a refusal is told. */
export async function executeScheduled(app: FastifyInstance, transferId: string): Promise<void> {
  await withTransaction(app.db, async (m) => {
    const t = await lockTransfer(m, transferId);
    if (!t || t.status !== 'scheduled') return; // cancelled meanwhile, or already run
    const sender = await loadSender(m, t.customer_id);
    const total = formatMoney(BigInt(t.amount_minor) + BigInt(t.fee_minor), t.currency);
    try {
      await m.query('SAVEPOINT hold');
      assertNotFrozen(sender.frozen_at);
      await holdFunds(app, m, t, sender, SYSTEM_ACTOR);
      await m.query('RELEASE SAVEPOINT hold');
      return;
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      await m.query('ROLLBACK TO SAVEPOINT hold');
      const reason = err.message;
      await setTransferStatusWithReason(m, t.id, 'failed', reason);
      await recordStatusEvent(m, { subjectType: 'transfer', subjectId: t.id, from: 'scheduled', to: 'failed', actor: SYSTEM_ACTOR, reason });
      const contact = await customerContact(m, t.customer_id);
      const line = `Your scheduled transfer of ${total} to ${String(t.payee.recipientName)} could not be sent today: ${reason} Nothing left your account.`;
      await enqueueMail(app, m, { to: contact.email, template: 'transactionAlert', data: { firstName: contact.first_name, line }, customerId: t.customer_id });
    }
  });
}

/** The customer cancels a scheduled transfer before its date; nothing has moved yet. */
export async function cancelScheduled(m: EntityManager, customerId: string, transferId: string, actor: Actor): Promise<void> {
  const t = await lockOwnTransfer(m, transferId, customerId);
  if (!t) throw errors.transferNotFound();
  if (t.status !== 'scheduled') throw errors.notScheduled();
  await markTransferCancelled(m, t.id);
  await recordStatusEvent(m, { subjectType: 'transfer', subjectId: t.id, from: 'scheduled', to: 'cancelled', actor });
}

/** The customer's dated transfers: waiting ones first, then the last 20 that ran, failed or were cancelled. */
export async function listScheduled(m: EntityManager, customerId: string): Promise<ScheduledTransferDto[]> {
  const list = await datedTransfersOf(m, customerId);
  return list.map((t) => ({
    id: t.id,
    kind: t.kind,
    status: t.status as ScheduledTransferDto['status'],
    recipientName: String(t.payee.recipientName),
    amount: minorToDecimal(BigInt(t.amount_minor), t.currency),
    fee: minorToDecimal(BigInt(t.fee_minor), t.currency),
    currency: t.currency,
    executeOn: t.execute_on!,
    statusReason: t.status_reason,
    createdAt: new Date(t.created_at).toISOString(),
  }));
}

export function defineTransferJobs(app: FastifyInstance): void {
  app.jobs.define(EXECUTE_SCHEDULED_TASK, (payload) => executeScheduled(app, String(payload.transferId)));
}
