import type { EntityManager } from 'typeorm';
import { formatMoney } from '@strongroom/shared';
import { internalAccountId, newReference, postJournal, type PostingInput } from '../ledger';
import { type ReviewItem, type ReviewKind, recordStatusEvent } from '../review';
import { CHANNEL_BANK } from './transfer-quote';
import { lockSettledTransaction, releaseOutboundLimit, setTransactionStatus, setTransferStatusWithReason } from './transfers.queries';

interface HeldTransfer extends ReviewItem {
  accountId: string;
  kind: string;
  amountMinor: bigint;
  feeMinor: bigint;
  currency: string;
  reference: string;
  recipient: string;
  transferId: string | null;
}

const SETTLED_KINDS = ['transfer_local', 'transfer_international'];

/**
 * Outbound local and international transfers on the review queue: the customer's held debit (a pending
 * transaction) is settled to the payment network on approval, or returned with its fee on rejection, as a
 * refund line of its own so the customer sees the money come back.
 */
export const settlementReview: ReviewKind<HeldTransfer> = {
  subjectType: 'transaction',
  noun: 'transfer',
  pendingStatuses: ['pending'],
  approvedStatus: 'success',
  rejectedStatus: 'failed',

  async load(m, id) {
    const tx = await lockSettledTransaction(m, id);
    if (!tx || !SETTLED_KINDS.includes(tx.kind)) return null;
    return {
      id: tx.id,
      status: tx.status,
      customerId: tx.customer_id,
      accountId: tx.account_id,
      kind: tx.kind,
      amountMinor: BigInt(tx.amount_minor),
      feeMinor: BigInt(tx.fee_minor),
      currency: tx.currency,
      reference: tx.reference,
      recipient: tx.recipient,
      transferId: tx.metadata?.transferId ?? null,
    };
  },

  async approve(m, tx) {
    const pending = await internalAccountId(m, 'pending_outbound', tx.currency);
    const settlement = await internalAccountId(m, 'settlement', tx.currency);
    await postJournal(m, {
      kind: `${tx.kind}_approve`,
      description: `Settlement of ${tx.reference}`,
      postings: [
        { accountId: pending, amountMinor: -tx.amountMinor, currency: tx.currency },
        { accountId: settlement, amountMinor: tx.amountMinor, currency: tx.currency },
      ],
      metadata: { transactionId: tx.id },
    });
  },

  async reject(m, tx, ctx) {
    const refundMinor = tx.amountMinor + tx.feeMinor;
    const postings: PostingInput[] = [
      { accountId: await internalAccountId(m, 'pending_outbound', tx.currency), amountMinor: -tx.amountMinor, currency: tx.currency },
      { accountId: tx.accountId, amountMinor: refundMinor, currency: tx.currency },
    ];
    if (tx.feeMinor > 0n) postings.push({ accountId: await internalAccountId(m, 'fee_income', tx.currency), amountMinor: -tx.feeMinor, currency: tx.currency });
    const reference = newReference();
    const posted = await postJournal(
      m,
      { kind: `${tx.kind}_reject`, reference, description: `Return of ${tx.reference}`, postings, metadata: { transactionId: tx.id } },
      {
        entries: [
          {
            reference,
            customerId: tx.customerId,
            accountId: tx.accountId,
            type: 'credit',
            kind: 'refund',
            status: 'success',
            description: `Refund of ${tx.reference} to ${tx.recipient}`,
            category: 'Refund',
            amountMinor: refundMinor,
            currency: tx.currency,
            recipient: tx.recipient,
            counterparty: null,
            channel: CHANNEL_BANK,
            location: null,
            metadata: { refundOf: tx.reference, reason: ctx.reason ?? null },
          },
        ],
      },
    );
    await recordStatusEvent(m, { subjectType: 'transaction', subjectId: posted.entries[0].id, from: null, to: 'success', actor: ctx.actor, reason: `Refund of ${tx.reference}` });
    await releaseOutboundLimit(m, tx.accountId, refundMinor, tx.id);
  },

  async setStatus(m: EntityManager, tx, status, reason) {
    await setTransactionStatus(m, tx.id, status === 'awaiting_second_approval' ? 'pending' : status, reason);
    const transferStatus = status === 'success' ? 'completed' : status === 'failed' ? 'rejected' : null;
    if (tx.transferId && transferStatus) await setTransferStatusWithReason(m, tx.transferId, transferStatus, reason);
  },

  notice(tx, decision, reason) {
    const money = formatMoney(tx.amountMinor, tx.currency);
    const line =
      decision === 'approve'
        ? `Your transfer of ${money} to ${tx.recipient} (${tx.reference}) has been sent.`
        : `Your transfer of ${money} to ${tx.recipient} (${tx.reference}) was not sent. Reason: ${reason} The amount and its fee are back in your account.`;
    return { template: 'transactionAlert', data: { line } };
  },

  message: (decision) => (decision === 'approve' ? 'Transfer approved' : 'Transfer rejected; funds and fee returned'),
};
