import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { DATA_RETENTION_YEARS, formatMoney, minorToDecimal } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { creditReferenceOf, newReference, postJournal } from '../ledger';
import { assertCustomerNotFrozen } from '../freeze';
import { enqueueMail } from '../mail';
import { recordStatusEvent } from '../review';
import { payInterestOnClosing } from '../interest';
import { TERM_DEPOSIT_REFUSAL, productRefusal, refusalFor } from './account-roles';
import { closeBlockers, closeCustomer, endHoldingsOf, otherOpenAccounts } from './account-closing.queries';
import { customerContact, setAccountStatus } from './account-views.queries';
import { accountById, heldAccount, type HeldAccountRow } from './accounts.queries';
import { resolveAccount } from './accounts.service';
import { ACCOUNT_SUBJECT } from './accounts.review';
import { toAccountView, type AccountView } from './account-views';
import * as errors from './accounts.errors';

const OWN_TRANSFER = 'own_transfer';
const CHANNEL_ONLINE = 'Online banking';

export interface CloseResult {
  account: AccountView;
  /** The primary account closed: the customer left the bank (their sessions are ended after the commit). */
  leftBank: boolean;
}

/**
 * Closes an account the caller may manage (docs/decisions/0062-accounts.md), in the caller's transaction with the
 * account row locked first: refused while anything still hangs on it, or while it holds money that is not moved
 * (`sweepToAccountId`) to another account the caller holds in the same currency. The primary account closes last,
 * only by its owner, and closing it ends the customer's relationship with the bank.
 */
export async function closeAccount(app: FastifyInstance, m: EntityManager, customerId: string, accountId: string, sweepToAccountId: string | undefined, actor: Actor): Promise<CloseResult> {
  const account = await resolveAccount(m, customerId, accountId, 'manage', true);
  if (account.status !== 'active' && account.status !== 'frozen') throw errors.notOpenYet();
  if (account.product === 'fixed_deposit') throw errors.termDepositCloses(TERM_DEPOSIT_REFUSAL);
  if (account.is_primary) {
    if (account.role !== 'owner') throw errors.onlyOwnerLeaves();
    if ((await otherOpenAccounts(m, customerId, account.id)) > 0) throw errors.primaryClosesLast();
  }
  const blocked = errors.closeBlocked(await closeBlockers(m, account.id));
  if (blocked) throw blocked;

  // The balance read under the account's lock: nothing can pay in or out until this transaction ends.
  const locked = (await accountById(m, account.id, true))!;
  // Interest accrued to the last business date run is paid first, and leaves with the balance (docs/decisions/0063-interest.md).
  const balanceMinor = BigInt(locked.balance_minor) + (await payInterestOnClosing(m, locked));
  if (balanceMinor > 0n) {
    if (!sweepToAccountId) throw errors.balanceRemains(formatMoney(minorToDecimal(balanceMinor, locked.currency), locked.currency));
    await sweep(m, customerId, account, balanceMinor, sweepToAccountId);
  }

  await setAccountStatus(m, account.id, 'closed', null);
  await recordStatusEvent(m, { subjectType: ACCOUNT_SUBJECT, subjectId: account.id, from: account.status, to: 'closed', actor });
  const leftBank = account.is_primary;
  if (leftBank) await leaveBank(app, m, customerId, actor);
  const closed = (await heldAccount(m, customerId, account.id))!;
  return { account: toAccountView(closed, 0n), leftBank };
}

/**
 * Moves the whole balance to another account the caller holds (with 'receive'), in the same currency, as one
 * balanced journal with a row in each account's history. A different currency is refused: the customer converts by
 * paying it out first.
 */
async function sweep(m: EntityManager, customerId: string, from: HeldAccountRow, amountMinor: bigint, toAccountId: string): Promise<void> {
  if (toAccountId === from.id) throw errors.sweepToItself();
  const refusal = refusalFor(from.role, from.status, 'pay');
  if (refusal) throw errors.sweepTargetRefused(refusal);
  await assertCustomerNotFrozen(m, customerId);
  const target = await heldAccount(m, customerId, toAccountId, true);
  if (!target) throw errors.sweepTargetNotFound();
  const targetRefusal = refusalFor(target.role, target.status, 'receive') ?? productRefusal(target.product, 'receive');
  if (targetRefusal) throw errors.sweepTargetRefused(targetRefusal);
  if (target.currency !== from.currency) throw errors.sweepCurrencyDiffers(from.currency, target.currency);

  const reference = newReference();
  const currency = from.currency;
  const shared = { kind: OWN_TRANSFER, status: 'success', category: 'Transfer', amountMinor, currency, channel: CHANNEL_ONLINE, memo: null } as const;
  await postJournal(
    m,
    {
      kind: OWN_TRANSFER,
      reference,
      description: `Balance of closing account ${from.number} to ${target.number}`,
      postings: [
        { accountId: from.ledger_account_id, amountMinor: -amountMinor, currency },
        { accountId: target.ledger_account_id, amountMinor, currency },
      ],
      metadata: { fromAccountId: from.id, toAccountId: target.id, reason: 'account_closed' },
    },
    {
      entries: [
        {
          ...shared,
          reference,
          customerId: from.customer_id,
          accountId: from.ledger_account_id,
          type: 'debit',
          description: `Balance moved to ${target.name} as this account closed`,
          recipient: target.name,
          counterparty: target.number,
          metadata: { fromAccountId: from.id, toAccountId: target.id },
        },
        {
          ...shared,
          reference: creditReferenceOf(reference),
          customerId: target.customer_id,
          accountId: target.ledger_account_id,
          type: 'credit',
          description: `Balance of closed account ${from.name}`,
          recipient: from.name,
          counterparty: from.number,
          metadata: { fromAccountId: from.id, toAccountId: target.id },
        },
      ],
    },
  );
}

/**
 * The customer's status becomes closed (sign-in refused from now on) and they stop holding others' accounts; the mail
 * says how long their data is kept.
 */
async function leaveBank(app: FastifyInstance, m: EntityManager, customerId: string, actor: Actor): Promise<void> {
  const from = await closeCustomer(m, customerId);
  await endHoldingsOf(m, customerId);
  await recordStatusEvent(m, { subjectType: 'customer', subjectId: customerId, from, to: 'closed', actor, reason: 'Primary account closed by the customer' });
  const contact = await customerContact(m, customerId);
  await enqueueMail(app, m, { to: contact.email, template: 'relationshipEnded', data: { firstName: contact.first_name, retentionYears: DATA_RETENTION_YEARS }, customerId });
}
