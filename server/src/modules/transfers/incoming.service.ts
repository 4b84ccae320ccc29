import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { formatMoney, minorToDecimal, parseAmountToMinor } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import type { Actor } from '../../common/actor';
import { insertIncomingPayment, linkIncomingTransaction, lockIncomingPayment, receiptRecipient, setIncomingStatus, type IncomingRow } from './incoming.queries';
import { internalAccountId, newReference, postJournal, type PostingInput, type TransactionRow } from '../ledger';
import { toTransactionDto } from '../transactions';
import { recordAudit } from '../audit';
import { enqueueMail } from '../mail';
import { recordStatusEvent, AWAITING_SECOND_APPROVAL, type ReviewItem, type ReviewKind } from '../review';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import { CHANNEL_BANK, deliveryLegs } from './transfer-quote';
import { ledgerAccountOf, payableAccountByNumber } from '../accounts';

export interface IncomingInput {
  accountNumber: string;
  amount: string | number;
  currency: string;
  senderName: string;
  senderBank: string;
  reference: string;
}

interface IncomingPayment extends ReviewItem {
  customerId: string;
  amountMinor: bigint;
  paymentCurrency: string;
  creditMinor: bigint;
  currency: string;
  senderName: string;
  senderBank: string;
  networkReference: string;
  /** The account its number named (accounts.id). */
  accountId: string;
}

const toItem = (row: IncomingRow): IncomingPayment => ({
  id: row.id,
  status: row.status,
  customerId: row.customer_id,
  amountMinor: BigInt(row.amount_minor),
  paymentCurrency: row.currency,
  creditMinor: BigInt(row.credit_minor),
  currency: row.account_currency,
  senderName: row.sender_name,
  senderBank: row.sender_bank,
  networkReference: row.network_reference,
  accountId: row.account_id,
});

/** Credits the customer from settlement (converted through the FX accounts if the currencies differ). */
async function book(m: EntityManager, payment: IncomingPayment): Promise<TransactionRow> {
  const account = (await ledgerAccountOf(m, payment.accountId)).ledger_account_id;
  const settlement = await internalAccountId(m, 'settlement', payment.paymentCurrency);
  const legs = await deliveryLegs(m, payment.amountMinor, payment.paymentCurrency, account, payment.currency);
  const postings: PostingInput[] = [{ accountId: settlement, amountMinor: -payment.amountMinor, currency: payment.paymentCurrency }, ...legs.postings];
  const reference = newReference();
  const posted = await postJournal(
    m,
    { kind: 'incoming', reference, description: `Incoming from ${payment.senderName}`, postings, metadata: { networkReference: payment.networkReference, rate: legs.rate } },
    {
      entries: [
        {
          reference,
          customerId: payment.customerId,
          accountId: account,
          type: 'credit',
          kind: 'incoming',
          status: 'success',
          description: `Incoming transfer from ${payment.senderName}`,
          category: 'Incoming transfer',
          amountMinor: legs.creditMinor,
          currency: payment.currency,
          recipient: payment.senderName,
          counterparty: payment.senderBank,
          channel: CHANNEL_BANK,
          location: null,
          metadata: {
            networkReference: payment.networkReference,
            originalAmount: minorToDecimal(payment.amountMinor, payment.paymentCurrency),
            originalCurrency: payment.paymentCurrency,
            rate: legs.rate,
          },
        },
      ],
    },
  );
  const [tx] = posted.entries;
  await linkIncomingTransaction(m, payment.id, tx.id);
  return tx;
}

async function mailReceipt(app: FastifyInstance, m: EntityManager, payment: IncomingPayment): Promise<void> {
  const customer = await receiptRecipient(m, payment.customerId);
  if (!customer.notification_preferences?.transactionAlerts) return;
  const line = `You received ${formatMoney(payment.creditMinor, payment.currency)} from ${payment.senderName}.`;
  await enqueueMail(app, m, { to: customer.email, template: 'transactionAlert', data: { firstName: customer.first_name, line }, customerId: payment.customerId });
}

/**
 * Money in from the settlement network, posted by staff; idempotent on the network reference. A payment
 * crediting more than the four-eyes threshold waits for a second admin (docs/decisions/0003-four-eyes.md).
 */
export async function postIncoming(app: FastifyInstance, m: EntityManager, input: IncomingInput, actor: Actor & { id: string }): Promise<IdempotentResult<unknown>> {
  // Any account that can receive, by its number: a customer's primary account or a further one (docs/decisions/0062-accounts.md).
  const target = await payableAccountByNumber(m, input.accountNumber);
  if (!target) throw new AppError(404, 'No account found with this account number', { accountNumber: 'No account found with this account number' });
  const customer = { id: target.customer_id, currency: target.currency };
  const amountMinor = parseAmountToMinor(input.amount, input.currency);
  const { creditMinor } = await deliveryLegs(m, amountMinor, input.currency, target.ledger_account_id, customer.currency);
  const twoAdmins = creditMinor > parseAmountToMinor(app.config.fourEyesThreshold, customer.currency);
  const status = twoAdmins ? AWAITING_SECOND_APPROVAL : 'approved';
  const row = await insertIncomingPayment(m, {
    reference: input.reference,
    customerId: customer.id,
    amountMinor,
    currency: input.currency,
    creditMinor,
    senderName: input.senderName,
    senderBank: input.senderBank,
    status,
    postedBy: actor.id,
    accountId: target.account_id,
    accountCurrency: customer.currency,
  });
  const payment = toItem(row);
  await recordStatusEvent(m, { subjectType: 'incoming_payment', subjectId: payment.id, from: null, to: status, actor });
  const details = { networkReference: input.reference, amount: minorToDecimal(amountMinor, input.currency), currency: input.currency };
  if (twoAdmins) {
    await recordAudit(m, actor, { action: 'incoming_payment.first_approval', targetType: 'incoming_payment', targetId: payment.id, details });
    return { status: 202, body: { success: true, message: 'Recorded. A second admin must approve this incoming payment before it is credited.', incomingPaymentId: payment.id, status } };
  }
  const tx = await book(m, payment);
  await recordAudit(m, actor, { action: 'incoming_transfer.post', targetType: 'transaction', targetId: tx.id, details });
  await mailReceipt(app, m, payment);
  return { status: 201, body: { success: true, message: 'Incoming transfer posted', transaction: toTransactionDto(tx), incomingPaymentId: payment.id } };
}

/** Large incoming payments on the review queue: the poster gave the first approval, another admin gives the second. */
export const incomingReview: ReviewKind<IncomingPayment> = {
  subjectType: 'incoming_payment',
  noun: 'incoming payment',
  pendingStatuses: [],
  approvedStatus: 'approved',
  rejectedStatus: 'rejected',
  async load(m, id) {
    const row = await lockIncomingPayment(m, id);
    return row ? toItem(row) : null;
  },
  async approve(m, payment) {
    await book(m, payment);
  },
  // Nothing was credited: the payment goes back to the sending bank outside this ledger.
  async reject() {},
  async setStatus(m, payment, status, reason) {
    await setIncomingStatus(m, payment.id, status, reason);
  },
  notice(payment, decision) {
    return decision === 'approve' ? { template: 'transactionAlert', data: { line: `You received ${formatMoney(payment.creditMinor, payment.currency)} from ${payment.senderName}.` } } : null;
  },
};
