import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { MAX_CODE_ATTEMPTS, TRANSFER_CODE_TTL_MINUTES, describeRepeat, formatMoney, isoDayIn, type RepeatFrequency, type TransferSummaryDto } from '@strongroom/shared';
import { dayStartIn } from '../../common/calendar-days';
import { hmacHex, randomDigits, sha256Hex } from '../../common/crypto';
import { AppError } from '../../common/app-error';
import type { Actor } from '../../common/actor';
import { countWrongCode, insertTransfer, markCodeVerified, markTransferExpired, setTransferCode } from './authorisation.queries';
import { accountBalance, insufficientFunds } from '../ledger';
import { toTransactionDto } from '../transactions';
import { recordStatusEvent } from '../review';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import { quote, summaryOf, type Quote } from './transfer-quote';
import { hasWithdrawn, loadSender, lockOwnTransfer, type Sender, type TransferRow } from './transfers.queries';
import { outboundToday, resolveAccount, type HeldAccountRow } from '../accounts';
import { judgeAllowance } from './dependant-allowance';
import { sourceOfTransfer } from './payment-source';
import { TransactionPin } from '../pin';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { PasskeysService } from '../auth';
import { dailyLimitMinor } from './same-bank.service';
import { holdFunds, runsLater, scheduleExecution } from './scheduled-transfers';
import * as errors from './transfers.errors';
import { assertCustomerNotFrozen, assertNotFrozen } from '../freeze';

/** An answer that is a refusal but whose transaction must still commit (attempt counters). */
function failure(err: AppError): IdempotentResult<unknown> {
  return { status: err.statusCode, body: { success: false, error: err.message, ...(err.errors ? { errors: err.errors } : {}) } };
}

export interface InitiateInput extends Record<string, unknown> {
  amount: string | number;
  currency?: string;
  transferDate?: string;
  /** Whose calendar `transferDate` is in (an IANA name); UTC when not said. */
  timeZone?: string;
  recipientName: string;
  /** A local transfer that repeats sets up a standing order once authenticated (docs/decisions/0053). */
  repeat?: 'none' | RepeatFrequency;
  repeatUntil?: string;
  /** The account it leaves (one the caller holds); the primary account when not said. */
  accountId?: string;
}

type Repeat = TransferSummaryDto['repeat'];
/** A transfer's repeats as its summary and binding carry them; none for a payment made once. */
const repeatOf = (t: Pick<TransferRow, 'repeat_frequency' | 'repeat_until'>): Repeat => (t.repeat_frequency ? { frequency: t.repeat_frequency, untilOn: t.repeat_until } : undefined);

/** Awaiting authentication for longer than 30 minutes (real time, as created_at is: tests may move the bank's clock). */
const isStale = (t: TransferRow) => Date.now() - new Date(t.created_at).getTime() > errors.AWAITING_AUTHENTICATION_MINUTES * 60_000;

export const quoteOfTransfer = (t: TransferRow): Quote => ({
  debitMinor: BigInt(t.amount_minor),
  feeMinor: BigInt(t.fee_minor),
  accountCurrency: t.currency,
  paymentMinor: BigInt(t.payment_amount_minor),
  payCurrency: t.payment_currency,
  rate: t.rate ?? '1',
});

/**
 * Local and international payments: nothing moves until the customer authenticates the payment
 * (docs/decisions/0001-payment-authentication.md): first-time senders enter an e-mailed code bound to the amount
 * and payee, then the PIN; returning senders the PIN only. A payment dated in the future is authenticated now and
 * executed on its date.
 */
/**
 * Sets up the standing order of a repeating transfer, in the transaction of its first payment, and says so (a sentence
 * for the customer). The standing-orders module provides it (the app passes it in: standing orders build on transfers,
 * so transfers does not import them).
 */
export type SetUpRepeat = (app: FastifyInstance, m: EntityManager, transfer: TransferRow, actor: Actor) => Promise<string>;

export class AuthorisationService {
  private readonly pin: TransactionPin;
  private readonly passkeys: PasskeysService;

  constructor(
    private readonly app: FastifyInstance,
    private readonly setUpRepeat: SetUpRepeat,
  ) {
    this.pin = new TransactionPin(app);
    this.passkeys = new PasskeysService(app);
  }

  private binding(customerId: string, q: Pick<Quote, 'debitMinor' | 'accountCurrency' | 'paymentMinor' | 'payCurrency'>, payee: Record<string, unknown>, repeat: Repeat) {
    // Dynamic linking (PSD2): the code is valid only for this amount and this payee, and, for a standing order, these repeats.
    const terms = [customerId, q.debitMinor.toString(), q.accountCurrency, q.paymentMinor.toString(), q.payCurrency, payee.recipientAccountNumber, payee.recipientName, payee.recipientBankName];
    return sha256Hex(JSON.stringify(repeat ? [...terms, repeat.frequency, repeat.untilOn] : terms));
  }

  private codeHash(transferId: string, code: string, binding: string) {
    return hmacHex(this.app.config.keys.codeHmac, `${transferId}:${code}:${binding}`);
  }

  async initiate(m: EntityManager, customerId: string, kind: 'local' | 'international', input: InitiateInput): Promise<IdempotentResult<unknown>> {
    // The date is the customer's: today where they are is now, a later day waits for its start there (docs/decisions/0048).
    const { timeZone = 'UTC', repeat: repeatChoice, repeatUntil, accountId, ...details } = input;
    const repeat: Repeat = repeatChoice && repeatChoice !== 'none' ? { frequency: repeatChoice, untilOn: repeatUntil || null } : undefined;
    const today = isoDayIn(this.app.clock.now(), timeZone);
    if (details.transferDate && details.transferDate < today) throw errors.pastTransferDate();
    const executeOn = details.transferDate && details.transferDate > today ? details.transferDate : null;
    const executeAt = executeOn ? dayStartIn(executeOn, timeZone) : null;
    const source = await this.namedSource(m, customerId, kind, accountId);
    const q = await quote(m, customerId, kind, input.amount, input.currency, source?.currency);
    const sender = await loadSender(m, customerId);
    assertNotFrozen(sender.frozen_at);
    // A dated payment is judged for funds and the day's limit on its date.
    if (!executeOn) await this.judgeFunds(m, customerId, sender, q, source);
    const needsCode = !(await hasWithdrawn(m, customerId));
    const { amount: _amount, currency: _currency, ...payee } = details;
    const binding = this.binding(customerId, q, payee, repeat);
    const transfer = await insertTransfer(m, {
      customerId,
      accountId: source?.id,
      kind: `transfer_${kind}`,
      debitMinor: q.debitMinor,
      feeMinor: q.feeMinor,
      accountCurrency: q.accountCurrency,
      paymentMinor: q.paymentMinor,
      payCurrency: q.payCurrency,
      rate: q.rate,
      payee,
      binding,
      needsCode,
      executeOn,
      executeAt,
      repeat,
      timeZone,
    });
    let code: string | undefined;
    if (needsCode) {
      code = randomDigits(6);
      await setTransferCode(m, transfer.id, this.codeHash(transfer.id, code, binding), TRANSFER_CODE_TTL_MINUTES);
    }
    // The e-mailed code names what it approves: a standing order's repeats too.
    const total = [formatMoney(q.debitMinor + q.feeMinor, q.accountCurrency), describeRepeat(repeat?.frequency, repeat?.untilOn)].filter(Boolean).join(' ');
    return {
      status: 201,
      body: {
        success: true,
        message: needsCode ? 'We e-mailed you a one-time code to approve this payment.' : 'Enter your transaction PIN to approve this payment.',
        transferId: transfer.id,
        codeStep: needsCode ? 'code' : 'pin',
        summary: summaryOf(q, input.recipientName, executeOn, repeat),
      },
      // The code is a secret: it goes to the customer only, never through a stored job payload.
      after: code
        ? () =>
            this.app.mailer
              .send({ to: sender.email, template: 'transferCode', data: { firstName: sender.first_name, code: code!, amount: total, payee: input.recipientName }, customerId })
              .then(() => undefined)
        : undefined,
    };
  }

  /** The account a payment leaves when it names one; the primary account (undefined here) is judged as it always was. */
  private async namedSource(m: EntityManager, customerId: string, kind: 'local' | 'international', accountId: string | undefined) {
    if (!accountId) return undefined;
    const source = await resolveAccount(m, customerId, accountId, kind === 'international' ? 'payAbroad' : 'pay');
    // A shared account's owner who froze everything stops their holders' payments too.
    if (source.customer_id !== customerId) await assertCustomerNotFrozen(m, source.customer_id);
    return source;
  }

  /** Funds and the day's limit of the account it leaves, and a dependant's allowance, before anything is written. */
  private async judgeFunds(m: EntityManager, customerId: string, sender: Sender, q: Quote, source: HeldAccountRow | undefined): Promise<void> {
    const total = q.debitMinor + q.feeMinor;
    const balance = source ? source.balance_minor : (await accountBalance(m, customerId, q.accountCurrency)).balance_minor;
    const spent = source ? await outboundToday(m, source.ledger_account_id) : sender.spent_today;
    if (BigInt(balance) < total) throw insufficientFunds();
    if (BigInt(spent) + total > dailyLimitMinor(this.app, q.accountCurrency)) throw errors.dailyLimitExceeded();
    if (source) judgeAllowance(source, total);
  }

  /** One step of strong customer authentication: the e-mailed code (first-time senders), then the PIN. */
  async confirm(m: EntityManager, actor: Actor & { id: string }, input: { transferId: string; code?: string; pin?: string }): Promise<IdempotentResult<unknown>> {
    const customerId = actor.id;
    const t = await lockOwnTransfer(m, input.transferId, customerId);
    if (!t) throw errors.transferNotFound();
    if (t.status !== 'awaiting_authorisation') throw errors.notAwaiting();
    if (isStale(t)) return this.expire(m, t, actor);
    const q = quoteOfTransfer(t);
    const summary = summaryOf(q, String(t.payee.recipientName), t.execute_on, repeatOf(t));

    if (input.code !== undefined) {
      if (!t.needs_code || t.code_verified_at) throw errors.pinNext();
      if (t.code_attempts >= MAX_CODE_ATTEMPTS) throw errors.tooManyAttempts();
      if (!t.code_expires_at || new Date(t.code_expires_at).getTime() < Date.now()) throw errors.codeExpired();
      // Recomputing the binding from the stored payment means a code cannot approve another amount or payee.
      const binding = this.binding(customerId, q, t.payee, repeatOf(t));
      if (this.codeHash(t.id, input.code, binding) !== t.code_hash || t.binding_hash !== binding) {
        // Counted in this transaction, which must commit: answer with the error instead of throwing it.
        await countWrongCode(m, t.id, MAX_CODE_ATTEMPTS);
        return failure(t.code_attempts + 1 >= MAX_CODE_ATTEMPTS ? errors.tooManyAttempts() : errors.codeIncorrect());
      }
      await markCodeVerified(m, t.id);
      return { status: 200, body: { success: true, message: 'Code verified successfully', nextStep: 'pin', summary } };
    }

    if (t.needs_code && !t.code_verified_at) throw errors.codeFirst();
    const sender = await loadSender(m, customerId);
    assertNotFrozen(sender.frozen_at);
    const scheduled = runsLater(t, this.app.clock.now());
    // Funds and the day's limit before the PIN: a payment that cannot go costs no PIN attempt (a dated
    // payment is judged for both on its date).
    const source = await sourceOfTransfer(m, t);
    if (!scheduled) {
      const total = q.debitMinor + q.feeMinor;
      if (BigInt(source.balance_minor) < total) throw insufficientFunds();
      if (BigInt(source.outbound_today) + total > dailyLimitMinor(this.app, t.currency)) throw errors.dailyLimitExceeded();
      judgeAllowance(source, total);
    }
    await this.pin.check(sender, input.pin!);
    return this.release(m, t, sender, actor, summary);
  }

  /** Options for approving an awaiting payment of the caller's with one of their passkeys. */
  async passkeyOptions(m: EntityManager, customerId: string, transferId: string) {
    const t = await lockOwnTransfer(m, transferId, customerId);
    if (!t) throw errors.transferNotFound();
    if (t.status !== 'awaiting_authorisation') throw errors.notAwaiting();
    if (isStale(t)) throw errors.paymentExpired();
    return this.passkeys.paymentOptions(customerId, t.id);
  }

  /**
   * Strong customer authentication with a passkey in one step (possession of the device and the fingerprint or
   * device PIN behind it), instead of the e-mailed code and the transaction PIN: the assertion must answer a
   * challenge issued for this payment, whose amount and payee are re-checked against their binding.
   */
  async confirmWithPasskey(m: EntityManager, actor: Actor & { id: string }, input: { transferId: string; response: AuthenticationResponseJSON }): Promise<IdempotentResult<unknown>> {
    const customerId = actor.id;
    const t = await lockOwnTransfer(m, input.transferId, customerId);
    if (!t) throw errors.transferNotFound();
    if (t.status !== 'awaiting_authorisation') throw errors.notAwaiting();
    if (isStale(t)) return this.expire(m, t, actor);
    const q = quoteOfTransfer(t);
    if (t.binding_hash !== this.binding(customerId, q, t.payee, repeatOf(t))) throw errors.transferNotFound();
    // A dependant approves a payment from a shared account with their PIN (docs/decisions/0062-accounts.md).
    if ((await sourceOfTransfer(m, t)).role === 'dependant') throw errors.dependantPinNeeded();
    await this.passkeys.verifyAssertion(input.response, 'payment', customerId, t.id);
    const sender = await loadSender(m, customerId);
    assertNotFrozen(sender.frozen_at);
    const summary = summaryOf(q, String(t.payee.recipientName), t.execute_on, repeatOf(t));
    return this.release(m, t, sender, actor, summary);
  }

  /** Committed with the refusal: the payment (and its FX rate) is over, whatever comes next. */
  private async expire(m: EntityManager, t: TransferRow, actor: Actor): Promise<IdempotentResult<unknown>> {
    await markTransferExpired(m, t.id);
    await recordTransferEvent(m, t.id, t.status, 'expired', actor, 'Not confirmed within 30 minutes');
    return failure(errors.paymentExpired());
  }

  /** The payment is authenticated: schedule it for its date, or hold the funds now. */
  private async release(
    m: EntityManager,
    t: TransferRow,
    sender: Awaited<ReturnType<typeof loadSender>>,
    actor: Actor & { id: string },
    summary: TransferSummaryDto,
  ): Promise<IdempotentResult<unknown>> {
    // A repeating transfer sets up its standing order in the same transaction as its first payment.
    const standingOrder = async () => (t.repeat_frequency ? ` ${await this.setUpRepeat(this.app, m, t, actor)}` : '');
    if (runsLater(t, this.app.clock.now())) {
      await scheduleExecution(this.app, m, t, actor);
      const message = `Transfer scheduled for ${t.execute_on}. We will send it that day if your balance covers it; you can cancel it until then.${await standingOrder()}`;
      return { status: 200, body: { success: true, message, nextStep: 'success', summary } };
    }
    const tx = await holdFunds(this.app, m, t, sender, actor);
    const message = `Transfer submitted. It will be processed shortly.${await standingOrder()}`;
    return { status: 200, body: { success: true, message, nextStep: 'success', summary, transaction: toTransactionDto(tx) } };
  }
}

/** Transfers dated for later are answered as their own list on the Transfers page. */
export async function recordTransferEvent(m: EntityManager, transferId: string, from: string | null, to: string, actor: Actor, reason?: string) {
  await recordStatusEvent(m, { subjectType: 'transfer', subjectId: transferId, from, to, actor, reason });
}
