import type { EntityManager } from 'typeorm';
import { internalAccountId, newReference, postJournal } from '../ledger';
import { endAccrualOnClosing } from './interest-closing.queries';

const CHANNEL_INTEREST = 'Interest posting';

/** '2027-03-06' as customers read a date: '6 March 2027'. */
const longDate = (isoDate: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${isoDate}T00:00:00Z`));

/**
 * An account that closes is paid the interest it has accrued first (docs/decisions/0063-interest.md), in the
 * closing's transaction with the account locked: the whole minor units accrued up to the last business date run
 * move from interest payable to the account as one journal, with a credit in its history ("Interest to 6 March 2027
 * on closing"), and the fraction of a minor unit leaves the books. Answers what it paid (0 when nothing was due).
 */
export async function payInterestOnClosing(m: EntityManager, account: { id: string; customer_id: string; ledger_account_id: string; currency: string }): Promise<bigint> {
  const ended = await endAccrualOnClosing(m, account.id);
  const amountMinor = BigInt(ended?.payable_minor ?? '0');
  if (!ended || amountMinor <= 0n) return 0n;
  const { currency } = account;
  const reference = newReference();
  const description = `Interest to ${longDate(ended.accrued_through)} on closing`;
  const metadata = { accountId: account.id, accruedThrough: ended.accrued_through, reason: 'account_closed' };
  await postJournal(
    m,
    {
      kind: 'interest',
      reference,
      description,
      postings: [
        { accountId: await internalAccountId(m, 'interest_payable', currency), amountMinor: -amountMinor, currency },
        { accountId: account.ledger_account_id, amountMinor, currency },
      ],
      metadata,
    },
    {
      entries: [
        {
          reference,
          customerId: account.customer_id,
          accountId: account.ledger_account_id,
          type: 'credit',
          kind: 'interest',
          status: 'success',
          description,
          category: 'Interest',
          amountMinor,
          currency,
          recipient: null,
          counterparty: 'Strongroom',
          channel: CHANNEL_INTEREST,
          location: null,
          memo: null,
          metadata,
        },
      ],
    },
  );
  return amountMinor;
}
