import { newIdempotencyKey } from '@strongroom/shared';
import { newReference, toBatchItem, type BatchItem } from '@strongroom/server/modules/ledger/ledger.service';
import { sameBankJournal } from '@strongroom/server/modules/transfers/same-bank.service';
import type { SeededCustomer } from './harness';
import { customerKeyScope } from '@strongroom/server/plugins/idempotency.plugin';

/**
 * A same-bank transfer of 1.25 USD from `from` to `to`, built as SameBankService books it (sameBankJournal), for the
 * benches that call post_journals() directly (npm run bench:ledger, bench:ledger-ab). Both accounts are in USD, so the
 * recipient's credit is the only leg (transfer-quote.ts, deliveryLegs).
 */
export function sameBankTransferItem(from: SeededCustomer, to: SeededCustomer, memo?: string): BatchItem {
  const amountMinor = 125n;
  const { journal, options } = sameBankJournal({
    parties: {
      first_name: 'Bench',
      last_name: 'Customer',
      r_first_name: 'Bench',
      r_last_name: 'Customer',
      id: from.id,
      account_number: from.accountNumber,
      currency: 'USD',
      account_id: from.accountId,
      r_currency: 'USD',
    },
    recipient: { id: to.id, accountId: to.accountId },
    reference: newReference(),
    recipientAccountNumber: to.accountNumber,
    amountMinor,
    legs: { postings: [{ accountId: to.accountId, amountMinor, currency: 'USD' }], creditMinor: amountMinor, rate: '1' },
    memo,
    ip: '127.0.0.1',
    limitMinor: 10n ** 12n,
    claim: { scope: customerKeyScope(from.id), key: newIdempotencyKey(), hash: '0'.repeat(64) },
  });
  return toBatchItem(journal, options);
}

/** Two different customers of `customers` (the server refuses a transfer to one's own account), chosen at random. */
export function randomPair(customers: SeededCustomer[]): [SeededCustomer, SeededCustomer] {
  const from = Math.floor(Math.random() * customers.length);
  const to = (from + 1 + Math.floor(Math.random() * (customers.length - 1))) % customers.length;
  return [customers[from], customers[to]];
}
