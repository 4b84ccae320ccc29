import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { formatMoney, parseAmountToMinor } from '@strongroom/shared';
import { outboundToday, payableAccountByNumber, resolveAccount } from '../accounts';
import { assertCustomerNotFrozen, assertNotFrozen } from '../freeze';
import { insufficientFunds, newReference, postJournal } from '../ledger';
import type { TransactionPin } from '../pin';
import { toTransactionDto } from '../transactions';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import { chargeAllowance, judgeAllowance } from './dependant-allowance';
import { booking, dailyLimitMinor, sameBankJournal } from './same-bank.service';
import { deliveryLegs } from './transfer-quote';
import { loadSender } from './transfers.queries';
import * as errors from './transfers.errors';

export interface AccountPaymentInput {
  customerId: string;
  /** The account paid from: one the caller holds with a role that may pay (account-roles.ts). */
  accountId: string;
  recipientAccountNumber: string;
  amount: string | number;
  memo?: string;
  pin: string;
  ip: string | null;
}

/**
 * A same-bank payment from an account the request names (docs/decisions/0062-accounts.md): read, judged, PIN-checked
 * and booked in `m`, the Idempotency-Key's transaction. Not the group-committed path of a payment from the primary
 * account (SameBankService.send): a dependant's allowance must be counted in the transaction that books the payment,
 * and this path is taken only when an account is named. The debit row is in the account owner's name (the ledger's
 * transactions_owned); who paid is in its metadata.
 */
export async function sameBankFromAccount(app: FastifyInstance, pin: TransactionPin, m: EntityManager, input: AccountPaymentInput): Promise<IdempotentResult<unknown>> {
  const source = await resolveAccount(m, input.customerId, input.accountId, 'pay');
  const payer = await loadSender(m, input.customerId);
  assertNotFrozen(payer.frozen_at);
  if (source.customer_id !== input.customerId) await assertCustomerNotFrozen(m, source.customer_id);
  const amountMinor = parseAmountToMinor(input.amount, source.currency);
  const recipient = await payableAccountByNumber(m, input.recipientAccountNumber);
  if (!recipient) throw errors.recipientNotFound();
  if (recipient.ledger_account_id === source.ledger_account_id) throw errors.ownAccount();
  if (recipient.customer_status !== 'approved') throw errors.recipientUnavailable();
  if (BigInt(source.balance_minor) < amountMinor) throw insufficientFunds();
  const limitMinor = dailyLimitMinor(app, source.currency);
  if (BigInt(await outboundToday(m, source.ledger_account_id)) + amountMinor > limitMinor) throw errors.dailyLimitExceeded();
  judgeAllowance(source, amountMinor);
  await pin.check(payer, input.pin);
  await chargeAllowance(m, source, amountMinor);

  const legs = await deliveryLegs(m, amountMinor, source.currency, recipient.ledger_account_id, recipient.currency);
  const reference = newReference();
  const { journal, options } = sameBankJournal({
    parties: {
      id: source.customer_id,
      first_name: payer.first_name,
      last_name: payer.last_name,
      account_number: source.number,
      currency: source.currency,
      account_id: source.ledger_account_id,
      r_first_name: recipient.first_name,
      r_last_name: recipient.last_name,
      r_currency: recipient.currency,
    },
    recipient: { id: recipient.customer_id, accountId: recipient.ledger_account_id },
    reference,
    recipientAccountNumber: input.recipientAccountNumber,
    amountMinor,
    legs,
    memo: input.memo,
    ip: input.ip,
    limitMinor,
    claim: null,
  });
  // The PIN's attempts were settled by its check (TransactionPin.check), not left to the booking.
  options.pinReset = undefined;
  Object.assign(journal.metadata!, { paidBy: input.customerId, fromAccountId: source.id });
  const posted = await booking(() => postJournal(m, journal, options));
  const debit = posted.entries.find((entry) => entry.reference === reference)!;
  const senderName = `${payer.first_name} ${payer.last_name}`;
  return {
    status: 201,
    body: { success: true, message: 'Transfer successful', transaction: toTransactionDto(debit) },
    after: async () => {
      if (!recipient.notification_preferences?.transactionAlerts) return;
      const line = `You received ${formatMoney(legs.creditMinor, recipient.currency)} from ${senderName}.`;
      await app.mailer.send({ to: recipient.email, template: 'transactionAlert', data: { firstName: recipient.first_name, line }, customerId: recipient.customer_id });
    },
  };
}
