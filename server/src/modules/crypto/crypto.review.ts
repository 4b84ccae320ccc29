import type { EntityManager } from 'typeorm';
import { internalAccountId, newReference, postJournal, type PostingInput } from '../ledger';
import type { ReviewItem, ReviewKind } from '../review';
import { unitsText, valueUsd } from './crypto.amounts';
import { lockCryptoRequest, openHolding, setCryptoRequestStatus, setSettleReference, type CryptoRequestRow, type CryptoRequestStatusValue } from './crypto.queries';
import { CRYPTO_SUBJECT } from './crypto.wallet';

export interface CryptoItem extends ReviewItem {
  row: CryptoRequestRow;
  units: bigint;
  fee: bigint;
}

const quantity = (item: CryptoItem, units: bigint) => `${unitsText(units, item.row.unit_decimals)} ${item.row.symbol}`;
const describe = (item: CryptoItem) =>
  item.row.kind === 'deposit' ? `deposit of ${quantity(item, item.units)}` : `withdrawal of ${quantity(item, item.units)} to ${item.row.address} (network fee ${quantity(item, item.fee)})`;

async function book(m: EntityManager, item: CryptoItem, kind: string, description: string, postings: PostingInput[]): Promise<void> {
  const reference = newReference('CR');
  await postJournal(m, { kind, reference, description, postings, metadata: { cryptoRequestId: item.id, customerId: item.customerId } });
  await setSettleReference(m, item.id, reference);
}

/**
 * Custody deposits and withdrawals on the staff review queue; every movement is a journal in the asset's own
 * units. Deposit approved: custody -> holding. Deposit rejected: nothing (nothing moved at request). Withdrawal
 * approved: the reserved units leave pending for the chain (custody) and the fee account. Withdrawal rejected:
 * the reserved units go back to the holding. A deposit worth more than the four-eyes threshold at its reference
 * price waits for a second admin.
 */
export const cryptoReviewKind: ReviewKind<CryptoItem> = {
  subjectType: CRYPTO_SUBJECT,
  noun: 'crypto request',
  pendingStatuses: ['pending'],
  approvedStatus: 'approved',
  rejectedStatus: 'rejected',

  async load(m, id) {
    const row = await lockCryptoRequest(m, id);
    if (!row) return null;
    const units = BigInt(row.units);
    const credit = row.kind === 'deposit' ? valueUsd(units, row.unit_decimals, row.reference_price_usd_minor).cents : null;
    return { id: row.id, status: row.status, customerId: row.customer_id, creditMinor: credit, currency: credit === null ? null : 'USD', row, units, fee: BigInt(row.fee_units) };
  },

  async approve(m, item) {
    const symbol = item.row.symbol;
    const custody = await internalAccountId(m, 'crypto_custody', symbol);
    if (item.row.kind === 'deposit') {
      const holding = await openHolding(m, item.customerId, symbol);
      await book(m, item, 'crypto_deposit', `${symbol} custody deposit credited`, [
        { accountId: custody, amountMinor: -item.units, currency: symbol },
        { accountId: holding.id, amountMinor: item.units, currency: symbol },
      ]);
      return;
    }
    const postings: PostingInput[] = [
      { accountId: await internalAccountId(m, 'pending_outbound', symbol), amountMinor: -(item.units + item.fee), currency: symbol },
      { accountId: custody, amountMinor: item.units, currency: symbol },
    ];
    if (item.fee > 0n) postings.push({ accountId: await internalAccountId(m, 'fee_income', symbol), amountMinor: item.fee, currency: symbol });
    await book(m, item, 'crypto_withdrawal', `${symbol} withdrawal sent to ${item.row.address}`, postings);
  },

  async reject(m, item) {
    if (item.row.kind === 'deposit') return; // Nothing was credited at request time.
    const symbol = item.row.symbol;
    const holding = await openHolding(m, item.customerId, symbol);
    await book(m, item, 'crypto_withdrawal_release', `${symbol} withdrawal rejected: reserved units returned`, [
      { accountId: await internalAccountId(m, 'pending_outbound', symbol), amountMinor: -(item.units + item.fee), currency: symbol },
      { accountId: holding.id, amountMinor: item.units + item.fee, currency: symbol },
    ]);
  },

  async setStatus(m, item, status, reason) {
    await setCryptoRequestStatus(m, item.id, status as CryptoRequestStatusValue, reason);
  },

  notice(item, decision, reason) {
    const what = describe(item);
    let line: string;
    if (item.row.kind === 'deposit') {
      line = decision === 'approve' ? `Your ${what} was approved and credited to your crypto wallet.` : `We could not accept your ${what}. Reason: ${reason}. Nothing was credited.`;
    } else {
      line =
        decision === 'approve'
          ? `Your ${what} was approved and sent.`
          : `Your ${what} was rejected. Reason: ${reason}. The ${quantity(item, item.units + item.fee)} reserved for it is back in your wallet.`;
    }
    return { template: 'transactionAlert', data: { line } };
  },

  message(decision, item) {
    const noun = item.row.kind === 'deposit' ? 'Crypto deposit' : 'Crypto withdrawal';
    return `${noun} ${decision === 'approve' ? 'approved' : 'rejected'}`;
  },
};
