import type { EntityManager } from 'typeorm';
import { formatMoney, minorToDecimal } from '@strongroom/shared';
import { internalAccountId, newReference, postJournal } from '../ledger';
import { ledgerAccountOf } from '../accounts';
import type { ReviewItem, ReviewKind } from '../review';
import { lockCheque, setChequeStatus, setChequeTransaction, type ChequeRow, type ChequeStatusValue } from './cheques.queries';
import { CHEQUE_SUBJECT } from './cheques.service';

export interface ChequeItem extends ReviewItem {
  creditMinor: bigint;
  currency: string;
  row: ChequeRow;
}

const describe = (row: ChequeRow) => `cheque no. ${row.cheque_number} from ${row.bank_name}`;
const amountOf = (item: ChequeItem) => formatMoney(minorToDecimal(item.creditMinor, item.currency), item.currency);

/**
 * A deposited cheque on the staff review queue. Approval credits the cheque's account (cheques.account_id, in the
 * cheque's currency, which the deposit checked is the account's) from the cheque clearing account (the bank's claim
 * on the drawer's bank until the cheque clears) and writes the credit line on it, its owner's row;
 * rejection moves no money, since none moved at deposit.
 */
export const chequeReviewKind: ReviewKind<ChequeItem> = {
  subjectType: CHEQUE_SUBJECT,
  noun: 'cheque',
  pendingStatuses: ['pending'],
  approvedStatus: 'approved',
  rejectedStatus: 'rejected',

  async load(m: EntityManager, id: string) {
    const row = await lockCheque(m, id);
    if (!row) return null;
    return { id: row.id, status: row.status, customerId: row.customer_id, creditMinor: BigInt(row.amount_minor), currency: row.currency, row };
  },

  async approve(m, item) {
    const { row, creditMinor: amountMinor, currency } = item;
    const clearing = await internalAccountId(m, 'cheque_clearing', currency);
    const { ledger_account_id: account, customer_id: owner } = await ledgerAccountOf(m, row.account_id);
    const reference = newReference();
    const posted = await postJournal(
      m,
      {
        kind: 'cheque_deposit',
        reference,
        description: `Cheque deposit: ${describe(row)}`,
        postings: [
          { accountId: clearing, amountMinor: -amountMinor, currency },
          { accountId: account, amountMinor, currency },
        ],
        metadata: { chequeId: row.id },
      },
      {
        entries: [
          {
            reference,
            customerId: owner,
            accountId: account,
            type: 'credit',
            kind: 'cheque_deposit',
            status: 'success',
            description: `Cheque deposit no. ${row.cheque_number}`,
            category: 'Deposit',
            amountMinor,
            currency,
            recipient: null,
            counterparty: row.bank_name,
            channel: 'Cheque deposit',
            memo: row.note,
            metadata: { chequeId: row.id },
          },
        ],
      },
    );
    await setChequeTransaction(m, row.id, posted.entries[0].id);
  },

  async reject() {
    // Nothing was credited at deposit, so there is nothing to return.
  },

  async setStatus(m, item, status, reason) {
    await setChequeStatus(m, item.id, status as ChequeStatusValue, reason);
  },

  notice(item, decision, reason) {
    const line =
      decision === 'approve'
        ? `Your ${describe(item.row)} for ${amountOf(item)} was approved and credited to your account.`
        : `We could not accept your ${describe(item.row)} for ${amountOf(item)}. Reason: ${reason}. Nothing was credited; keep the paper cheque.`;
    return { template: 'transactionAlert', data: { line } };
  },

  message(decision, item) {
    return decision === 'approve' ? `Cheque approved: ${amountOf(item)} credited` : 'Cheque rejected';
  },
};
