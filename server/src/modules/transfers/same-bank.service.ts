import assert from 'node:assert';
import type { FastifyInstance } from 'fastify';
import { MAX_CODE_ATTEMPTS, formatMoney, parseAmountToMinor } from '@strongroom/shared';
import { Coalescer } from '../../common/coalescer';
import { creditReferenceOf, newReference, type JournalInput, type PostOptions, type PostedJournal, type PostingInput, OutboundLimitExceeded, insufficientFunds, type TransactionRow } from '../ledger';
import { toTransactionDto } from '../transactions';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import { CHANNEL_ONLINE, deliveryLegs, locationOf } from './transfer-quote';
import { bookedDebit, findRecipient, isPrimaryLedgerAccount, reserveAndLoadSameBankParties, type SameBankParties } from './transfers.queries';
import { TransactionPin } from '../pin';
import * as errors from './transfers.errors';
import { assertNotFrozen } from '../freeze';

export interface SameBankInput {
  customerId: string;
  ip: string | null;
  recipientAccountNumber: string;
  amount: string | number;
  memo?: string;
  pin: string;
  /** Both parties, read beside the session check with the PIN attempt (docs/performance.md#payment-parties-read-in-the-session-check); else read here. */
  parties?: SameBankParties;
}

export type IdempotencyClaim = { scope: string; key: string; hash: string } | null;

function answer(debit: TransactionRow) {
  return { status: 201, body: { success: true, message: 'Transfer successful', transaction: toTransactionDto(debit) } };
}

const maskName = (first: string, last: string) => `${first} ${last.charAt(0)}.`;

/** The daily outbound limit in the account's currency. */
export function dailyLimitMinor(app: FastifyInstance, currency: string): bigint {
  return parseAmountToMinor(app.config.dailyOutboundLimit, currency);
}

/** A booking with the ledger's limit refusal worded for the customer. */
export async function booking(post: () => Promise<PostedJournal>): Promise<PostedJournal> {
  try {
    return await post();
  } catch (err) {
    if (err instanceof OutboundLimitExceeded) throw errors.dailyLimitExceeded();
    throw err;
  }
}

type BookedParties = Pick<SameBankParties, 'id' | 'first_name' | 'last_name' | 'account_number' | 'currency' | 'account_id' | 'r_first_name' | 'r_last_name' | 'r_currency'>;

/**
 * The journal and customer-visible rows of a same-bank transfer judged and ready to book: the debit and its legs, one
 * entry for each party, the sender's daily limit, the Idempotency-Key and the PIN reset (also what `npm run
 * bench:ledger` books, so that it measures this booking).
 */
export function sameBankJournal(booked: {
  parties: BookedParties;
  /** The recipient's customer id and ledger account (found and approved). */
  recipient: { id: string; accountId: string };
  reference: string;
  recipientAccountNumber: string;
  amountMinor: bigint;
  legs: { postings: PostingInput[]; creditMinor: bigint; rate: string };
  memo?: string;
  ip: string | null;
  limitMinor: bigint;
  claim: IdempotencyClaim;
}): { journal: JournalInput; options: PostOptions } {
  const { parties, recipient, reference, memo, legs, amountMinor } = booked;
  const recipientName = `${parties.r_first_name} ${parties.r_last_name}`;
  const senderName = `${parties.first_name} ${parties.last_name}`;
  const metadata = { rate: legs.rate };
  // The fields both rows share, then each row's own assigned onto them (not a spread: docs/performance.md#no-spread-then-keys-literals).
  const shared = () => ({ kind: 'transfer_same' as const, status: 'success' as const, category: 'Transfer', channel: CHANNEL_ONLINE, memo: memo ?? null, metadata });
  return {
    journal: {
      kind: 'transfer_same',
      reference,
      description: `Transfer to ${booked.recipientAccountNumber}`,
      postings: [{ accountId: parties.account_id, amountMinor: -amountMinor, currency: parties.currency }, ...legs.postings],
      metadata: { from: parties.id, to: recipient.id, rate: legs.rate },
    },
    options: {
      entries: [
        Object.assign(shared(), {
          reference,
          customerId: parties.id,
          accountId: parties.account_id,
          type: 'debit' as const,
          description: memo ? `Transfer to ${recipientName}: ${memo}` : `Transfer to ${recipientName}`,
          amountMinor,
          currency: parties.currency,
          recipient: recipientName,
          counterparty: booked.recipientAccountNumber,
          location: locationOf(booked.ip),
        }),
        Object.assign(shared(), {
          reference: creditReferenceOf(reference),
          customerId: recipient.id,
          accountId: recipient.accountId,
          type: 'credit' as const,
          description: memo ? `Transfer from ${senderName}: ${memo}` : `Transfer from ${senderName}`,
          amountMinor: legs.creditMinor,
          currency: parties.r_currency,
          recipient: senderName,
          counterparty: parties.account_number,
          location: null,
        }),
      ],
      outboundLimit: { accountId: parties.account_id, debitMinor: amountMinor, limitMinor: booked.limitMinor },
      idempotency: booked.claim ? { scope: booked.claim.scope, key: booked.claim.key, hash: booked.claim.hash, status: 201, ref: reference } : undefined,
      pinReset: parties.id,
    },
  };
}

/** Instant transfers to another customer of the bank: fee 0, PIN required, booked at once in a group commit. */
export class SameBankService {
  private readonly pin: TransactionPin;
  /** Both parties of a same-bank transfer, for every transfer waiting on a read, in one statement. */
  private readonly parties: Coalescer<{ senderId: string; recipientAccountNumber: string }, SameBankParties>;

  constructor(private readonly app: FastifyInstance) {
    this.pin = new TransactionPin(app);
    // Keyed by sender: the read takes the sender's PIN attempt, and a sender appears once per statement.
    this.parties = new Coalescer(
      (keys) => reserveAndLoadSameBankParties(this.app.db, keys, MAX_CODE_ATTEMPTS),
      128,
      (key) => key.senderId,
    );
  }

  async lookupRecipient(accountNumber: string, callerId: string) {
    const recipient = await findRecipient(this.app.db, accountNumber);
    if (!recipient || recipient.status !== 'approved') throw errors.recipientNotFound();
    // The caller's primary account is where a payment that names no source comes from; their further accounts are payable.
    if (recipient.id === callerId && (await isPrimaryLedgerAccount(this.app.db, callerId, recipient.ledger_account_id))) throw errors.ownAccount();
    return { name: maskName(recipient.first_name, recipient.last_name), accountNumber };
  }

  /**
   * One read of both parties (which takes the PIN attempt), the PIN check, then a single post_journals statement
   * that locks, checks the daily limit and funds, books journal and both entries, starts the PIN attempts again
   * and marks the Idempotency-Key done: no row lock is held across a round trip to Node.
   */
  async send(input: SameBankInput, claim: IdempotencyClaim): Promise<IdempotentResult<unknown>> {
    const parties = input.parties ?? (await this.parties.load({ senderId: input.customerId, recipientAccountNumber: input.recipientAccountNumber }));
    // A signed-in customer always has their main account (opened with the customer, never deleted).
    assert(parties, 'the sender and their main account exist');
    let amountMinor: bigint;
    try {
      amountMinor = this.judge(parties, input);
    } catch (err) {
      // A refusal for another reason costs no PIN attempt (and answers nothing about the PIN).
      if (parties.pin_reserved) await this.pin.giveBack(parties.id);
      throw err;
    }
    await this.pin.checkTaken(parties, input.pin, parties.pin_reserved);
    try {
      return await this.book(parties, input, amountMinor, claim);
    } catch (err) {
      // The PIN was right but nothing was booked (its attempts would have started again with the booking).
      await this.pin.succeeded(parties.id);
      throw err;
    }
  }

  /** The whole request judged before the PIN; post_journals judges funds and the limit again under its lock. */
  private judge(parties: SameBankParties, input: SameBankInput): bigint {
    assertNotFrozen(parties.frozen_at);
    const amountMinor = parseAmountToMinor(input.amount, parties.currency);
    if (!parties.r_id || !parties.r_account_id) throw errors.recipientNotFound();
    // Another account of the sender's own (docs/decisions/0062-accounts.md) is paid like anyone's; the same one is not.
    if (parties.r_account_id === parties.account_id) throw errors.ownAccount();
    if (parties.r_status !== 'approved') throw errors.recipientUnavailable();
    if (BigInt(parties.balance_minor) < amountMinor) throw insufficientFunds();
    if (BigInt(parties.spent_today) + amountMinor > dailyLimitMinor(this.app, parties.currency)) throw errors.dailyLimitExceeded();
    return amountMinor;
  }

  private async book(parties: SameBankParties, input: SameBankInput, amountMinor: bigint, claim: IdempotencyClaim): Promise<IdempotentResult<unknown>> {
    assert(parties.r_id && parties.r_account_id, 'the recipient was judged');
    const recipient = { id: parties.r_id, accountId: parties.r_account_id };

    const legs = await deliveryLegs(this.app.db.manager, amountMinor, parties.currency, recipient.accountId, parties.r_currency);
    const reference = newReference();
    const senderName = `${parties.first_name} ${parties.last_name}`;
    const { journal, options } = sameBankJournal({
      parties,
      recipient,
      reference,
      recipientAccountNumber: input.recipientAccountNumber,
      amountMinor,
      legs,
      memo: input.memo,
      ip: input.ip,
      limitMinor: dailyLimitMinor(this.app, parties.currency),
      claim,
    });
    const posted = await booking(() => this.app.ledger.post(journal, options));
    const debit = posted.entries.find((entry) => entry.reference === reference)!;
    const { status, body } = answer(debit);
    return {
      status,
      body,
      after: async () => {
        if (parties.r_preferences?.transactionAlerts) {
          const line = `You received ${formatMoney(legs.creditMinor, parties.r_currency)} from ${senderName}.`;
          await this.app.mailer.send({ to: parties.r_email, template: 'transactionAlert', data: { firstName: parties.r_first_name, line }, customerId: recipient.id });
        }
      },
    };
  }

  /** An attempt taken for a request that never reached its PIN goes back. */
  async giveBackAttempt(customerId: string): Promise<void> {
    await this.pin.giveBack(customerId);
  }

  /** The first answer to a same-bank transfer, rebuilt for a replayed Idempotency-Key from what it booked. */
  async replay(customerId: string, reference: string) {
    const debit = await bookedDebit(this.app.db, reference, customerId);
    if (!debit) throw errors.transferNotFound();
    return answer(debit);
  }
}
