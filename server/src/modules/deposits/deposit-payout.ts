import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import type { Actor } from '../../common/actor';
import { ACCOUNT_SUBJECT } from '../accounts';
import { creditReferenceOf, internalAccountId, newReference, postJournal, type PostOptions, type PostingInput } from '../ledger';
import { recordStatusEvent } from '../review';
import { closeDepositAccount, endDeposit, payoutAccount, type DepositRow, type PayoutAccountRow } from './deposits.queries';

const KIND = 'term_deposit';
const CHANNEL = 'Term deposit';

export interface Payout {
  /** The account paid. */
  to: PayoutAccountRow;
  principalMinor: bigint;
  interestMinor: bigint;
  reference: string;
}

/**
 * Pays a deposit out and ends it, in the caller's transaction (the deposit's row locked, its accrual ended with
 * `interestMinor` answered): one balanced journal takes the interest from the bank's interest payable and the whole
 * balance from the deposit's account to its source account (or, if that closed, an open account of the owner in the
 * currency, the primary first), with a row in each account's history. The deposit's account then closes.
 * `valueDate` (the maturity date) dates a maturity's journal for the end of day that caught up late (decision 0063).
 */
export async function payOut(
  m: EntityManager,
  deposit: DepositRow,
  end: { status: 'matured' | 'withdrawn'; interestMinor: bigint; forfeitedMinor: bigint; valueDate?: string; actor: Actor },
): Promise<Payout> {
  const to = await payoutAccount(m, deposit);
  if (!to) throw new AppError(409, `No open account in ${deposit.currency} to pay the deposit to: open one first`, undefined, 'no_payout_account');
  const principalMinor = BigInt(deposit.balance_minor);
  const totalMinor = principalMinor + end.interestMinor;
  const currency = deposit.currency;
  const reference = newReference();
  const postings: PostingInput[] = [
    { accountId: deposit.ledger_account_id, amountMinor: -principalMinor, currency },
    { accountId: to.ledger_account_id, amountMinor: totalMinor, currency },
  ];
  if (end.interestMinor > 0n) postings.unshift({ accountId: await internalAccountId(m, 'interest_payable', currency), amountMinor: -end.interestMinor, currency });
  const words = end.status === 'matured' ? 'matured' : 'withdrawn early';
  const metadata = {
    depositAccountId: deposit.account_id,
    toAccountId: to.id,
    interestMinor: end.interestMinor.toString(),
    reason: end.status,
    ...(end.valueDate ? { valueDate: end.valueDate } : {}),
  };
  const shared = { kind: KIND, status: 'success', category: 'Savings', currency, channel: CHANNEL, memo: null, metadata } as const;
  const entries: NonNullable<PostOptions['entries']> = [
    {
      ...shared,
      reference,
      customerId: deposit.customer_id,
      accountId: deposit.ledger_account_id,
      type: 'debit',
      amountMinor: principalMinor,
      description: `${deposit.name} ${words}: paid to ${to.name}`,
      recipient: to.name,
      counterparty: to.number,
    },
    {
      ...shared,
      reference: creditReferenceOf(reference),
      customerId: to.customer_id,
      accountId: to.ledger_account_id,
      type: 'credit',
      amountMinor: totalMinor,
      description: end.interestMinor > 0n ? `${deposit.name} ${words}, with interest` : `${deposit.name} ${words}`,
      recipient: deposit.name,
      counterparty: deposit.number,
    },
  ];
  await postJournal(m, { kind: KIND, reference, description: `Term deposit ${deposit.number} ${words} to ${to.number}`, postings, metadata }, { entries });
  await endDeposit(m, deposit.account_id, end.status, end.interestMinor, end.forfeitedMinor);
  // After the journal: a closed ledger account takes no postings.
  await closeDepositAccount(m, deposit.account_id);
  await recordStatusEvent(m, { subjectType: ACCOUNT_SUBJECT, subjectId: deposit.account_id, from: deposit.account_status, to: 'closed', actor: end.actor, reason: `Term deposit ${words}` });
  return { to, principalMinor, interestMinor: end.interestMinor, reference };
}

/** A renewing deposit's interest is added to it: from interest payable into the deposit's own account. */
export async function payInterestIn(m: EntityManager, deposit: DepositRow, interestMinor: bigint, valueDate: string): Promise<void> {
  if (interestMinor === 0n) return;
  const currency = deposit.currency;
  const reference = newReference();
  const metadata = { depositAccountId: deposit.account_id, reason: 'renewed', valueDate };
  await postJournal(
    m,
    {
      kind: 'interest',
      reference,
      description: `Interest on term deposit ${deposit.number} at maturity, added to it as it renews`,
      postings: [
        { accountId: await internalAccountId(m, 'interest_payable', currency), amountMinor: -interestMinor, currency },
        { accountId: deposit.ledger_account_id, amountMinor: interestMinor, currency },
      ],
      metadata,
    },
    {
      entries: [
        {
          reference,
          kind: 'interest',
          status: 'success',
          category: 'Interest',
          channel: 'Interest posting',
          customerId: deposit.customer_id,
          accountId: deposit.ledger_account_id,
          type: 'credit',
          amountMinor: interestMinor,
          currency,
          description: `Interest at maturity (${deposit.term_months} months), added as the deposit renews`,
          recipient: null,
          counterparty: 'Strongroom',
          metadata,
        },
      ],
    },
  );
}
