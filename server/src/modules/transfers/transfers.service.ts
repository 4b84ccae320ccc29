import assert from 'node:assert';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityManager } from 'typeorm';
import {
  LOCAL_FEE,
  MAX_CODE_ATTEMPTS,
  TRANSFER_CODE_TTL_MINUTES,
  convertMinor,
  formatMoney,
  internationalFeeMinor,
  minorToDecimal,
  parseAmountToMinor,
  type TransferSummaryDto,
} from '@strongroom/shared';
import { PinVerifier, hmacHex, legacyPinPepperFrom, randomDigits, sha256Hex } from '../../common/crypto';
import { prepared, rows } from '../../common/sql';
import { byOrdinal, Coalescer } from '../../common/coalescer';
import { AppError } from '../../common/app-error';
import { customerAccountId, internalAccountId, newReference, postJournal, type PostedJournal, type PostingInput } from '../ledger/ledger.service';
import { OutboundLimitExceeded, insufficientFunds } from '../ledger/ledger.errors';
import { getRate } from '../fx/fx.service';
import { toTransactionDto, type TransactionRow } from '../transactions/transactions.service';
import { recordAudit } from '../audit/audit.service';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import * as errors from './transfers.errors';
import { PinAttempts } from '../auth/pin-attempts';

/** An answer that is a refusal but whose transaction must still commit (attempt counters). */
function failure(err: AppError): IdempotentResult<unknown> {
  return { status: err.statusCode, body: { success: false, error: err.message, ...(err.errors ? { errors: err.errors } : {}) } };
}

/**
 * The legs that deliver `amountMinor` of `from` into `toAccount` (held in `to`): one credit, or, across
 * currencies, through the FX position accounts at the table rate (two balanced per-currency legs).
 */
async function deliveryLegs(m: EntityManager, amountMinor: bigint, from: string, toAccount: string, to: string): Promise<{ postings: PostingInput[]; creditMinor: bigint; rate: string }> {
  if (from === to) return { postings: [{ accountId: toAccount, amountMinor, currency: to }], creditMinor: amountMinor, rate: '1' };
  const rate = await getRate(m, from, to);
  const creditMinor = convertMinor(amountMinor, from, to, rate);
  return {
    rate,
    creditMinor,
    postings: [
      { accountId: await internalAccountId(m, 'fx_position', from), amountMinor, currency: from },
      { accountId: await internalAccountId(m, 'fx_position', to), amountMinor: -creditMinor, currency: to },
      { accountId: toAccount, amountMinor: creditMinor, currency: to },
    ],
  };
}

const OUTBOUND_KINDS = ['transfer_same', 'transfer_local', 'transfer_international'];
export const CHANNEL_ONLINE = 'Online banking';
export const CHANNEL_STAFF = 'Staff console';

interface Sender {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  account_number: string;
  currency: string;
  pin_hash: string;
  pin_failed_count: number;
  pin_locked_until: Date | null;
  notification_preferences: { transactionAlerts: boolean; emailNotifications: boolean };
  /** The sender's main ledger account (in their currency). */
  account_id: string;
  /** Outbound debits (with fees) booked or held today, minor units. */
  spent_today: string;
}

interface SameBankParties extends Pick<Sender, 'id' | 'first_name' | 'last_name' | 'account_number' | 'currency' | 'pin_hash' | 'pin_failed_count' | 'pin_locked_until' | 'account_id'> {
  /** The sender's balance when read: an early refusal; post_journals judges funds again under its lock. */
  balance_minor: string;
  r_id: string | null;
  r_first_name: string;
  r_last_name: string;
  r_email: string;
  r_currency: string;
  r_status: string;
  r_preferences: Sender['notification_preferences'];
  r_account_id: string | null;
}

function sameBankAnswer(debit: TransactionRow) {
  return { status: 201, body: { success: true, message: 'Transfer successful', transaction: toTransactionDto(debit) } };
}

/** The sender, their main account and what they have already sent today, in one round trip. */
async function loadSender(m: EntityManager, customerId: string): Promise<Sender> {
  const [s] = await rows<Sender>(
    m,
    `SELECT c.id, c.first_name, c.last_name, c.email, c.account_number, c.currency, c.pin_hash, c.pin_failed_count, c.pin_locked_until, c.notification_preferences,
            a.id::text AS account_id,
            (CASE WHEN a.outbound_day = current_date THEN a.outbound_minor ELSE 0 END)::text AS spent_today
       FROM customers c JOIN ledger_accounts a ON a.customer_id = c.id AND a.currency = c.currency
      WHERE c.id = $1`,
    [customerId],
  );
  return s;
}

/** Where the request came from, honestly: the channel, and the client's address (no invented geography). */
export function requestLocation(request: FastifyRequest): string {
  return `IP ${request.ip}`;
}

function maskName(first: string, last: string): string {
  return `${first} ${last.charAt(0)}.`;
}

export class TransfersService {
  private readonly pins: PinVerifier;
  private readonly pinAttempts: PinAttempts;
  /** Both parties of a same-bank transfer, for every transfer waiting on a read, in one statement. */
  private readonly parties: Coalescer<{ senderId: string; recipientAccountNumber: string }, SameBankParties>;

  constructor(private readonly app: FastifyInstance) {
    this.pins = new PinVerifier(app.config.keys.pinPepper, undefined, {
      pepper: legacyPinPepperFrom(app.config.encryptionKey),
      upgrade: async (customerId, oldHash, newHash) => void (await app.db.query(`UPDATE customers SET pin_hash = $3 WHERE id = $1 AND pin_hash = $2`, [customerId, oldHash, newHash])),
    });
    this.pinAttempts = new PinAttempts(app.db);
    this.parties = new Coalescer<{ senderId: string; recipientAccountNumber: string }, SameBankParties>(async (keys) => {
      const found = await prepared<SameBankParties & { o: number }>(
        this.app.db,
        'same-bank-parties',
        `SELECT q.o, s.*, r.*
           FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY q(sender, recipient, o)
           JOIN LATERAL (
             SELECT s.id, s.first_name, s.last_name, s.account_number, s.currency, s.pin_hash, s.pin_failed_count, s.pin_locked_until, sa.id::text AS account_id, sa.balance_minor::text AS balance_minor
               FROM customers s JOIN ledger_accounts sa ON sa.customer_id = s.id AND sa.currency = s.currency
              WHERE s.id = q.sender OFFSET 0) s ON true
           LEFT JOIN LATERAL (
             SELECT r.id AS r_id, r.first_name AS r_first_name, r.last_name AS r_last_name, r.email AS r_email, r.currency AS r_currency, r.status AS r_status,
                    r.notification_preferences AS r_preferences, ra.id::text AS r_account_id
               FROM customers r LEFT JOIN ledger_accounts ra ON ra.customer_id = r.id AND ra.currency = r.currency
              WHERE r.account_number = q.recipient OFFSET 0) r ON true`,
        [keys.map((k) => k.senderId), keys.map((k) => k.recipientAccountNumber)],
      );
      return byOrdinal(keys.length, found);
    });
  }

  /**
   * An attempt is reserved in the database before the PIN is verified (auth/pin-attempts.ts): racing
   * requests cannot evaluate more than the attempt limit, and a locked customer is refused whatever the PIN.
   * Each statement commits on its own, so rolling back the payment keeps the count.
   */
  private async checkPin(sender: Pick<Sender, 'id' | 'pin_hash'>, pin: string): Promise<void> {
    await this.pinAttempts.check(sender.id, () => this.pins.verify(sender.id, sender.pin_hash, pin));
  }

  private dailyLimitMinor(currency: string): bigint {
    return parseAmountToMinor(this.app.config.dailyOutboundLimit, currency);
  }

  /** An early answer for the customer; post_journals re-checks with the sender's account locked. */
  private checkDailyLimit(sender: Sender, debitMinor: bigint) {
    if (BigInt(sender.spent_today) + debitMinor > this.dailyLimitMinor(sender.currency)) throw errors.dailyLimitExceeded();
  }

  /** A booking with the ledger's limit refusal worded for the customer. */
  private async book(post: () => Promise<PostedJournal>): Promise<PostedJournal> {
    try {
      return await post();
    } catch (err) {
      if (err instanceof OutboundLimitExceeded) throw errors.dailyLimitExceeded();
      throw err;
    }
  }

  async lookupRecipient(accountNumber: string, callerId: string) {
    const [r] = await rows<{ id: string; first_name: string; last_name: string; status: string }>(
      this.app.db,
      `SELECT id, first_name, last_name, status FROM customers WHERE account_number = $1`,
      [accountNumber],
    );
    if (!r || r.status !== 'approved') throw errors.recipientNotFound();
    if (r.id === callerId) throw errors.ownAccount();
    return { name: maskName(r.first_name, r.last_name), accountNumber };
  }

  /**
   * Instant transfer to another customer of the bank: fee 0, PIN required, booked at once. One read of
   * both parties, the PIN check, then a single post_journal statement that locks, checks the daily limit
   * and funds, books journal and both entries, and marks the Idempotency-Key done: no row lock is held
   * across a round trip to Node.
   */
  async sameBank(
    request: FastifyRequest,
    input: { recipientAccountNumber: string; amount: string | number; memo?: string; pin: string },
    claim: { scope: string; key: string; hash: string } | null,
  ): Promise<IdempotentResult<unknown>> {
    const p = await this.parties.load({ senderId: request.customer!.id, recipientAccountNumber: input.recipientAccountNumber });
    // A signed-in customer always has their main account (opened with the customer, never deleted).
    assert(p, 'the sender and their main account exist');
    // The whole request is judged before the PIN: a refusal for another reason costs no PIN attempt.
    const amountMinor = parseAmountToMinor(input.amount, p.currency);
    if (!p.r_id || !p.r_account_id) throw errors.recipientNotFound();
    if (p.r_id === p.id) throw errors.ownAccount();
    if (p.r_status !== 'approved') throw errors.recipientUnavailable();
    if (BigInt(p.balance_minor) < amountMinor) throw insufficientFunds();
    await this.checkPin(p, input.pin);
    const recipient = { id: p.r_id, accountId: p.r_account_id };

    const legs = await deliveryLegs(this.app.db.manager, amountMinor, p.currency, p.r_account_id, p.r_currency);
    const { creditMinor, rate } = legs;
    const reference = newReference();
    const recipientName = `${p.r_first_name} ${p.r_last_name}`;
    const senderName = `${p.first_name} ${p.last_name}`;
    const common = { kind: 'transfer_same' as const, status: 'success' as const, category: 'Transfer', channel: CHANNEL_ONLINE, memo: input.memo ?? null, metadata: { rate } };
    const posted = await this.book(() =>
      this.app.ledger.post(
        {
          kind: 'transfer_same',
          reference,
          description: `Transfer to ${input.recipientAccountNumber}`,
          postings: [{ accountId: p.account_id, amountMinor: -amountMinor, currency: p.currency }, ...legs.postings],
          metadata: { from: p.id, to: recipient.id, rate },
        },
        {
          entries: [
            {
              ...common,
              reference,
              customerId: p.id,
              accountId: p.account_id,
              type: 'debit',
              description: input.memo ? `Transfer to ${recipientName}: ${input.memo}` : `Transfer to ${recipientName}`,
              amountMinor,
              currency: p.currency,
              recipient: recipientName,
              counterparty: input.recipientAccountNumber,
              location: requestLocation(request),
            },
            {
              ...common,
              reference: `${reference}C`,
              customerId: recipient.id,
              accountId: recipient.accountId,
              type: 'credit',
              description: input.memo ? `Transfer from ${senderName}: ${input.memo}` : `Transfer from ${senderName}`,
              amountMinor: creditMinor,
              currency: p.r_currency,
              recipient: senderName,
              counterparty: p.account_number,
              location: null,
            },
          ],
          outboundLimit: { accountId: p.account_id, debitMinor: amountMinor, limitMinor: this.dailyLimitMinor(p.currency) },
          idempotency: claim ? { ...claim, status: 201, ref: reference } : undefined,
        },
      ),
    );
    const debit = posted.entries.find((e) => e.reference === reference)!;
    return {
      ...sameBankAnswer(debit),
      after: async () => {
        if (p.r_preferences?.transactionAlerts) {
          await this.app.mailer.send({ to: p.r_email, template: 'transactionAlert', data: { firstName: p.r_first_name, line: `You received ${formatMoney(creditMinor, p.r_currency)} from ${senderName}.` }, customerId: p.r_id });
        }
      },
    };
  }

  /** The first answer to a same-bank transfer, rebuilt for a replayed Idempotency-Key from what it booked. */
  async sameBankReplay(customerId: string, reference: string) {
    const [debit] = await rows<TransactionRow>(this.app.db, `SELECT * FROM transactions WHERE reference = $1 AND customer_id = $2`, [reference, customerId]);
    if (!debit) throw errors.transferNotFound();
    return sameBankAnswer(debit);
  }

  /** Fee, rate and totals for a payment, computed here and shown before the customer confirms (D5). */
  async quote(m: EntityManager, customerId: string, kind: 'same' | 'local' | 'international', amount: string | number, paymentCurrency?: string) {
    const [c] = await rows<{ currency: string }>(m, `SELECT currency FROM customers WHERE id = $1`, [customerId]);
    const accountCurrency = c.currency;
    const payCurrency = kind === 'international' ? paymentCurrency ?? accountCurrency : accountCurrency;
    const paymentMinor = parseAmountToMinor(amount, payCurrency);
    const rate = await getRate(m, payCurrency, accountCurrency);
    const debitMinor = payCurrency === accountCurrency ? paymentMinor : convertMinor(paymentMinor, payCurrency, accountCurrency, rate);
    const feeMinor = kind === 'same' ? 0n : kind === 'local' ? parseAmountToMinor(LOCAL_FEE, accountCurrency) : internationalFeeMinor(debitMinor, accountCurrency);
    return { accountCurrency, payCurrency, paymentMinor, debitMinor, feeMinor, rate };
  }

  private summary(q: Awaited<ReturnType<TransfersService['quote']>>, recipientName: string): TransferSummaryDto {
    return {
      amount: minorToDecimal(q.debitMinor, q.accountCurrency),
      fee: minorToDecimal(q.feeMinor, q.accountCurrency),
      total: minorToDecimal(q.debitMinor + q.feeMinor, q.accountCurrency),
      currency: q.accountCurrency,
      recipientName,
      ...(q.payCurrency !== q.accountCurrency
        ? { rate: q.rate, convertedAmount: minorToDecimal(q.paymentMinor, q.payCurrency), paymentCurrency: q.payCurrency }
        : {}),
    };
  }

  private binding(customerId: string, q: { debitMinor: bigint; accountCurrency: string; paymentMinor: bigint; payCurrency: string }, payee: Record<string, unknown>) {
    // Dynamic linking (PSD2): the code is valid only for this amount and this payee.
    return sha256Hex(JSON.stringify([customerId, q.debitMinor.toString(), q.accountCurrency, q.paymentMinor.toString(), q.payCurrency, payee.recipientAccountNumber, payee.recipientName, payee.recipientBankName]));
  }

  private codeHash(transferId: string, code: string, binding: string) {
    return hmacHex(this.app.config.keys.codeHmac, `${transferId}:${code}:${binding}`);
  }

  /** Local/international: nothing is booked until the customer authenticates the payment (D1). */
  async initiate(request: FastifyRequest, m: EntityManager, kind: 'local' | 'international', input: Record<string, unknown> & { amount: string | number; currency?: string }): Promise<IdempotentResult<unknown>> {
    const customerId = request.customer!.id;
    const q = await this.quote(m, customerId, kind, input.amount, input.currency);
    const [account] = await rows<{ id: string; balance_minor: string }>(m, `SELECT a.id, a.balance_minor FROM ledger_accounts a WHERE a.customer_id = $1 AND a.currency = $2`, [customerId, q.accountCurrency]);
    if (BigInt(account.balance_minor) < q.debitMinor + q.feeMinor) throw insufficientFunds();
    const sender = await loadSender(m, customerId);
    this.checkDailyLimit(sender, q.debitMinor + q.feeMinor);
    const [{ withdrawals }] = await rows<{ withdrawals: string }>(
      m,
      `SELECT count(*) AS withdrawals FROM transactions WHERE customer_id = $1 AND type = 'debit' AND status = 'success' AND kind = ANY($2)`,
      [customerId, OUTBOUND_KINDS],
    );
    const needsCode = Number(withdrawals) === 0;
    const { amount: _a, currency: _c, ...payee } = input;
    const binding = this.binding(customerId, q, payee);
    const [transfer] = await rows<{ id: string }>(
      m,
      `INSERT INTO transfers (customer_id, kind, status, amount_minor, fee_minor, currency, payment_amount_minor, payment_currency, rate, payee, binding_hash, needs_code)
       VALUES ($1, $2, 'awaiting_authorisation', $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [customerId, `transfer_${kind}`, q.debitMinor.toString(), q.feeMinor.toString(), q.accountCurrency, q.paymentMinor.toString(), q.payCurrency, q.rate, JSON.stringify(payee), binding, needsCode],
    );
    let code: string | undefined;
    if (needsCode) {
      code = randomDigits(6);
      await m.query(`UPDATE transfers SET code_hash = $2, code_expires_at = now() + make_interval(mins => $3) WHERE id = $1`, [transfer.id, this.codeHash(transfer.id, code, binding), TRANSFER_CODE_TTL_MINUTES]);
    }
    const summary = this.summary(q, String(payee.recipientName));
    return {
      status: 201,
      body: {
        success: true,
        message: needsCode ? 'We e-mailed you a one-time code to approve this payment.' : 'Enter your transaction PIN to approve this payment.',
        transferId: transfer.id,
        codeStep: needsCode ? 'code' : 'pin',
        summary,
      },
      after: code
        ? async () => {
            await this.app.mailer.send({ to: sender.email, template: 'transferCode', data: { firstName: sender.first_name, code: code!, amount: formatMoney(q.debitMinor + q.feeMinor, q.accountCurrency), payee: String(payee.recipientName) }, customerId });
          }
        : undefined,
    };
  }

  /** One step of strong customer authentication: the e-mailed code (first-time senders), then the PIN. */
  async confirm(request: FastifyRequest, m: EntityManager, input: { transferId: string; code?: string; pin?: string }): Promise<IdempotentResult<unknown>> {
    const customerId = request.customer!.id;
    const [t] = await rows<{
      id: string; status: string; kind: string; amount_minor: string; fee_minor: string; currency: string; payment_amount_minor: string; payment_currency: string;
      rate: string | null; payee: Record<string, unknown>; binding_hash: string; code_hash: string | null; code_expires_at: Date | null; code_attempts: number; needs_code: boolean; code_verified_at: Date | null; created_at: Date;
    }>(m, `SELECT * FROM transfers WHERE id = $1 AND customer_id = $2 FOR UPDATE`, [input.transferId, customerId]);
    if (!t) throw errors.transferNotFound();
    if (t.status !== 'awaiting_authorisation') throw errors.notAwaiting();
    if (Date.now() - new Date(t.created_at).getTime() > errors.AWAITING_AUTHENTICATION_MINUTES * 60_000) {
      // Committed with the refusal: the payment is over, whatever comes next.
      await m.query(`UPDATE transfers SET status = 'expired', updated_at = now() WHERE id = $1`, [t.id]);
      return failure(errors.paymentExpired());
    }
    const q = { debitMinor: BigInt(t.amount_minor), feeMinor: BigInt(t.fee_minor), accountCurrency: t.currency, paymentMinor: BigInt(t.payment_amount_minor), payCurrency: t.payment_currency, rate: t.rate ?? '1' };
    const summary = this.summary(q, String(t.payee.recipientName));

    if (input.code !== undefined) {
      if (!t.needs_code || t.code_verified_at) throw errors.pinNext();
      if (t.code_attempts >= MAX_CODE_ATTEMPTS) throw errors.tooManyAttempts();
      if (!t.code_expires_at || new Date(t.code_expires_at).getTime() < Date.now()) throw errors.codeExpired();
      // Recomputing the binding from the stored payment means a code cannot approve another amount or payee.
      const expected = this.codeHash(t.id, input.code, this.binding(customerId, q, t.payee));
      if (expected !== t.code_hash || t.binding_hash !== this.binding(customerId, q, t.payee)) {
        // Counted in this transaction, which must commit: answer with the error instead of throwing it.
        await m.query(`UPDATE transfers SET code_attempts = code_attempts + 1, status = CASE WHEN code_attempts + 1 >= $2 THEN 'expired' ELSE status END WHERE id = $1`, [t.id, MAX_CODE_ATTEMPTS]);
        return failure(t.code_attempts + 1 >= MAX_CODE_ATTEMPTS ? errors.tooManyAttempts() : errors.codeIncorrect());
      }
      await m.query(`UPDATE transfers SET code_verified_at = now(), updated_at = now() WHERE id = $1`, [t.id]);
      return { status: 200, body: { success: true, message: 'Code verified successfully', nextStep: 'pin', summary } };
    }

    if (t.needs_code && !t.code_verified_at) throw errors.codeFirst();
    const sender = await loadSender(m, customerId);
    // Limit and funds before the PIN: a payment that cannot go costs no PIN attempt.
    this.checkDailyLimit(sender, q.debitMinor + q.feeMinor);
    const [{ balance_minor }] = await rows<{ balance_minor: string }>(m, `SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [sender.account_id]);
    if (BigInt(balance_minor) < q.debitMinor + q.feeMinor) throw insufficientFunds();
    await this.checkPin(sender, input.pin!);
    // Hold the funds and book the fee: customer -> pending outbound (+ fee income), in one journal.
    const account = sender.account_id;
    const postings: PostingInput[] = [
      { accountId: account, amountMinor: -(q.debitMinor + q.feeMinor), currency: t.currency },
      { accountId: await internalAccountId(m, 'pending_outbound', t.currency), amountMinor: q.debitMinor, currency: t.currency },
    ];
    if (q.feeMinor > 0n) postings.push({ accountId: await internalAccountId(m, 'fee_income', t.currency), amountMinor: q.feeMinor, currency: t.currency });
    const reference = newReference();
    const international = t.kind === 'transfer_international';
    const recipientName = String(t.payee.recipientName);
    const posted = await this.book(() =>
      postJournal(
        m,
        { kind: `${t.kind}_hold`, reference, description: `Hold for transfer ${t.id}`, postings, metadata: { transferId: t.id } },
        {
          entries: [
            {
              reference,
              customerId,
              accountId: account,
              type: 'debit',
              kind: t.kind as 'transfer_local' | 'transfer_international',
              status: 'pending',
              description: `${international ? 'International' : 'Local'} transfer to ${recipientName}`,
              category: international ? 'International transfer' : 'Local transfer',
              amountMinor: q.debitMinor,
              feeMinor: q.feeMinor,
              currency: t.currency,
              recipient: recipientName,
              counterparty: `${String(t.payee.recipientBankName ?? '')} ${String(t.payee.recipientAccountNumber ?? '')}`.trim(),
              channel: CHANNEL_ONLINE,
              location: requestLocation(request),
              memo: (t.payee.memo as string | undefined) ?? null,
              metadata: { transferId: t.id, payee: t.payee, paymentAmount: minorToDecimal(q.paymentMinor, q.payCurrency), paymentCurrency: q.payCurrency, rate: q.rate },
            },
          ],
          outboundLimit: { accountId: account, debitMinor: q.debitMinor + q.feeMinor, limitMinor: this.dailyLimitMinor(t.currency) },
        },
      ),
    );
    const [tx] = posted.entries;
    await m.query(`UPDATE transfers SET status = 'pending', transaction_id = $2, updated_at = now() WHERE id = $1`, [t.id, tx.id]);
    return { status: 200, body: { success: true, message: 'Transfer submitted. It will be processed shortly.', nextStep: 'success', summary, transaction: toTransactionDto(tx) } };
  }

  /** Staff settle a held transfer: approve pays it out to the settlement network; reject returns funds and fee. */
  async decide(request: FastifyRequest, m: EntityManager, transactionId: string, decision: 'approve' | 'reject', reason?: string): Promise<IdempotentResult<unknown>> {
    const [tx] = await rows<{ id: string; customer_id: string; account_id: string; kind: string; status: string; amount_minor: string; fee_minor: string; currency: string; reference: string; recipient: string; metadata: { transferId?: string } }>(
      m,
      `SELECT * FROM transactions WHERE id = $1 FOR UPDATE`,
      [transactionId],
    );
    if (!tx) throw new AppError(404, 'Transaction not found');
    if (tx.status !== 'pending' || !['transfer_local', 'transfer_international'].includes(tx.kind)) throw errors.notPending();
    const amountMinor = BigInt(tx.amount_minor);
    const feeMinor = BigInt(tx.fee_minor);
    const pending = await internalAccountId(m, 'pending_outbound', tx.currency);
    let postings: PostingInput[];
    if (decision === 'approve') {
      postings = [
        { accountId: pending, amountMinor: -amountMinor, currency: tx.currency },
        { accountId: await internalAccountId(m, 'settlement', tx.currency), amountMinor, currency: tx.currency },
      ];
    } else {
      postings = [
        { accountId: pending, amountMinor: -amountMinor, currency: tx.currency },
        { accountId: tx.account_id, amountMinor: amountMinor + feeMinor, currency: tx.currency },
      ];
      if (feeMinor > 0n) postings.push({ accountId: await internalAccountId(m, 'fee_income', tx.currency), amountMinor: -feeMinor, currency: tx.currency });
    }
    await postJournal(m, { kind: `${tx.kind}_${decision}`, description: `${decision === 'approve' ? 'Settlement' : 'Return'} of ${tx.reference}`, postings, metadata: { transactionId: tx.id } });
    if (decision === 'reject') {
      // A returned payment no longer counts against the day's outbound limit (if it was made today).
      await m.query(
        `UPDATE ledger_accounts SET outbound_minor = greatest(outbound_minor - $2::bigint, 0)
          WHERE id = $1 AND outbound_day = current_date AND outbound_day = (SELECT created_at::date FROM transactions WHERE id = $3)`,
        [tx.account_id, (amountMinor + feeMinor).toString(), tx.id],
      );
    }
    const status = decision === 'approve' ? 'success' : 'failed';
    await m.query(`UPDATE transactions SET status = $2, status_reason = $3, updated_at = now() WHERE id = $1`, [tx.id, status, reason ?? null]);
    if (tx.metadata?.transferId) await m.query(`UPDATE transfers SET status = $2, updated_at = now() WHERE id = $1`, [tx.metadata.transferId, decision === 'approve' ? 'completed' : 'rejected']);
    await recordAudit(m, request, { action: `transaction.${decision}`, targetType: 'transaction', targetId: tx.id, reason, details: { reference: tx.reference } });
    const [c] = await rows<{ email: string; first_name: string; notification_preferences: { transactionAlerts: boolean } }>(m, `SELECT email, first_name, notification_preferences FROM customers WHERE id = $1`, [tx.customer_id]);
    const money = formatMoney(amountMinor, tx.currency);
    return {
      status: 200,
      body: { success: true, message: decision === 'approve' ? 'Transfer approved' : 'Transfer rejected; funds and fee returned' },
      after: async () => {
        if (c.notification_preferences?.transactionAlerts) {
          const line = decision === 'approve' ? `Your transfer of ${money} to ${tx.recipient} (${tx.reference}) has been sent.` : `Your transfer of ${money} to ${tx.recipient} (${tx.reference}) was not sent: ${reason}. The amount and its fee are back in your account.`;
          await this.app.mailer.send({ to: c.email, template: 'transactionAlert', data: { firstName: c.first_name, line }, customerId: tx.customer_id });
        }
      },
    };
  }

  /** Money in from the settlement network, posted by staff; idempotent on the network reference. */
  async incoming(request: FastifyRequest, m: EntityManager, input: { accountNumber: string; amount: string | number; currency: string; senderName: string; senderBank: string; reference: string }): Promise<IdempotentResult<unknown>> {
    const [c] = await rows<{ id: string; currency: string; email: string; first_name: string; notification_preferences: { transactionAlerts: boolean } }>(
      m,
      `SELECT id, currency, email, first_name, notification_preferences FROM customers WHERE account_number = $1`,
      [input.accountNumber],
    );
    if (!c) throw new AppError(404, 'No account found with this account number', { accountNumber: 'No account found with this account number' });
    const amountMinor = parseAmountToMinor(input.amount, input.currency);
    const account = await customerAccountId(m, c.id, c.currency);
    const settlement = await internalAccountId(m, 'settlement', input.currency);
    const legs = await deliveryLegs(m, amountMinor, input.currency, account, c.currency);
    const { creditMinor, rate } = legs;
    const postings: PostingInput[] = [{ accountId: settlement, amountMinor: -amountMinor, currency: input.currency }, ...legs.postings];
    const reference = newReference();
    const posted = await postJournal(
      m,
      { kind: 'incoming', reference, description: `Incoming from ${input.senderName}`, postings, metadata: { networkReference: input.reference, rate } },
      {
        entries: [
          {
            reference,
            customerId: c.id,
            accountId: account,
            type: 'credit',
            kind: 'incoming',
            status: 'success',
            description: `Incoming transfer from ${input.senderName}`,
            category: 'Incoming transfer',
            amountMinor: creditMinor,
            currency: c.currency,
            recipient: input.senderName,
            counterparty: input.senderBank,
            channel: CHANNEL_STAFF,
            location: null,
            metadata: { networkReference: input.reference, originalAmount: minorToDecimal(amountMinor, input.currency), originalCurrency: input.currency, rate },
          },
        ],
      },
    );
    const [tx] = posted.entries;
    await recordAudit(m, request, { action: 'incoming_transfer.post', targetType: 'transaction', targetId: tx.id, details: { networkReference: input.reference, amount: minorToDecimal(amountMinor, input.currency), currency: input.currency } });
    return {
      status: 201,
      body: { success: true, message: 'Incoming transfer posted', transaction: toTransactionDto(tx) },
      after: async () => {
        if (c.notification_preferences?.transactionAlerts) {
          await this.app.mailer.send({ to: c.email, template: 'transactionAlert', data: { firstName: c.first_name, line: `You received ${formatMoney(creditMinor, c.currency)} from ${input.senderName}.` }, customerId: c.id });
        }
      },
    };
  }
}
