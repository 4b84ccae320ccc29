import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { convertMinor, minorToDecimal, parseAmountToMinor } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { outboundToday, resolveAccount, type HeldAccountRow } from '../accounts';
import { assertCustomerNotFrozen, assertNotFrozen } from '../freeze';
import { getRate } from '../fx';
import { creditReferenceOf, insufficientFunds, newReference, postJournal, type JournalInput, type PostOptions } from '../ledger';
import type { TransactionPin } from '../pin';
import { toTransactionDto } from '../transactions';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import { chargeAllowance, judgeAllowance, pinOfDependant } from './dependant-allowance';
import { booking, dailyLimitMinor } from './same-bank.service';
import { CHANNEL_ONLINE, deliveryLegs, locationOf } from './transfer-quote';
import { loadSender } from './transfers.queries';
import * as errors from './transfers.errors';

export interface OwnTransferInput {
  customerId: string;
  fromAccountId: string;
  toAccountId: string;
  amount: string | number;
  pin?: string | null;
  ip: string | null;
}

const sameAccount = () => new AppError(400, 'Choose two different accounts', { toAccountId: 'Choose two different accounts' });

/** Both accounts of a move between accounts the caller holds: from one they may pay from, into one they may pay into. */
export async function ownTransferAccounts(m: EntityManager, customerId: string, fromAccountId: string, toAccountId: string) {
  if (fromAccountId === toAccountId) throw sameAccount();
  const from = await resolveAccount(m, customerId, fromAccountId, 'pay');
  const to = await resolveAccount(m, customerId, toAccountId, 'receive');
  return { from, to };
}

/**
 * What a move of `amount` (in `from`'s currency) out of `from` delivers into `to`: across currencies at the bank's
 * FX rate, as deliveryLegs converts it when the move is booked, so the quote is exactly what is booked; never a fee.
 */
export async function ownTransferQuote(m: EntityManager, from: HeldAccountRow, to: HeldAccountRow, amount: string | number) {
  const debitMinor = parseAmountToMinor(amount, from.currency);
  const rate = await getRate(m, from.currency, to.currency);
  const creditMinor = from.currency === to.currency ? debitMinor : convertMinor(debitMinor, from.currency, to.currency, rate);
  return { debitMinor, creditMinor, rate };
}

type Legs = Awaited<ReturnType<typeof deliveryLegs>>;

/** The journal and both customer-visible rows: each on its own account, each in its account owner's name (transactions_owned). */
function ownTransferJournal(from: HeldAccountRow, to: HeldAccountRow, debitMinor: bigint, legs: Legs, payerId: string, ip: string | null, limitMinor: bigint | null) {
  const reference = newReference();
  const metadata = { rate: legs.rate, fromAccountId: from.id, toAccountId: to.id, paidBy: payerId };
  const shared = () => ({ kind: 'own_transfer' as const, status: 'success' as const, category: 'Transfer', channel: CHANNEL_ONLINE, metadata });
  const journal: JournalInput = {
    kind: 'own_transfer',
    reference,
    description: `Transfer from ${from.number} to ${to.number}`,
    postings: [{ accountId: from.ledger_account_id, amountMinor: -debitMinor, currency: from.currency }, ...legs.postings],
    metadata,
  };
  const options: PostOptions = {
    entries: [
      Object.assign(shared(), {
        reference,
        customerId: from.customer_id,
        accountId: from.ledger_account_id,
        type: 'debit' as const,
        description: `Transfer to ${to.name}`,
        amountMinor: debitMinor,
        currency: from.currency,
        recipient: to.name,
        counterparty: to.number,
        location: locationOf(ip),
      }),
      Object.assign(shared(), {
        reference: creditReferenceOf(reference),
        customerId: to.customer_id,
        accountId: to.ledger_account_id,
        type: 'credit' as const,
        description: `Transfer from ${from.name}`,
        amountMinor: legs.creditMinor,
        currency: to.currency,
        recipient: from.name,
        counterparty: from.number,
        location: null,
      }),
    ],
    // Money that leaves its owner (a dependant's move from a shared account into their own) is an outbound payment.
    outboundLimit: limitMinor === null ? undefined : { accountId: from.ledger_account_id, debitMinor, limitMinor },
  };
  return { reference, journal, options };
}

/**
 * A move between two accounts the caller holds, booked at once in `m` (the Idempotency-Key's transaction). No
 * e-mailed code: PSD2 exempts payments between one's own accounts. A dependant paying from a shared account enters
 * their PIN and spends their daily allowance, counted in this transaction (dependant-allowance.ts).
 */
export async function ownTransfer(app: FastifyInstance, pin: TransactionPin, m: EntityManager, input: OwnTransferInput): Promise<IdempotentResult<unknown>> {
  const { from, to } = await ownTransferAccounts(m, input.customerId, input.fromAccountId, input.toAccountId);
  const payer = await loadSender(m, input.customerId);
  assertNotFrozen(payer.frozen_at);
  if (from.customer_id !== input.customerId) await assertCustomerNotFrozen(m, from.customer_id);
  const debitMinor = parseAmountToMinor(input.amount, from.currency);
  if (BigInt(from.balance_minor) < debitMinor) throw insufficientFunds();
  const outbound = from.customer_id !== to.customer_id;
  const limitMinor = outbound ? dailyLimitMinor(app, from.currency) : null;
  if (limitMinor !== null && BigInt(await outboundToday(m, from.ledger_account_id)) + debitMinor > limitMinor) throw errors.dailyLimitExceeded();
  judgeAllowance(from, debitMinor);
  const dependantPin = pinOfDependant(from, input.pin);
  if (dependantPin !== undefined) await pin.check(payer, dependantPin);
  await chargeAllowance(m, from, debitMinor);

  const legs = await deliveryLegs(m, debitMinor, from.currency, to.ledger_account_id, to.currency);
  const { reference, journal, options } = ownTransferJournal(from, to, debitMinor, legs, input.customerId, input.ip, limitMinor);
  const posted = await booking(() => postJournal(m, journal, options));
  const debit = posted.entries.find((entry) => entry.reference === reference)!;
  const converted = from.currency !== to.currency ? { rate: legs.rate, creditAmount: minorToDecimal(legs.creditMinor, to.currency), creditCurrency: to.currency } : {};
  return { status: 201, body: { success: true, message: 'Transfer successful', transaction: toTransactionDto(debit), ...converted } };
}
