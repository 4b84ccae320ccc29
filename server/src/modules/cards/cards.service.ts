import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { CARD_REWARDS_TEXT, minorToDecimal, parseAmountToMinor, type CardActivityDto, type CardApplicationInput, type CardDto, type CardRevealDto } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { decryptTextWithAny, encryptText } from '../../common/crypto';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import { internalAccountId, newReference, postJournal, insufficientFunds } from '../ledger';
import { resolveAccount } from '../accounts';
import { toTransactionDto } from '../transactions';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import { TransactionPin } from '../pin';
import { cardKeysFrom, deriveCvv, formatExpiry, type CardKeys } from './cards.issuing';
import * as q from './cards.queries';
import * as errors from './cards.errors';

/** How a stored card looks to its owner: masked, with the credit line in the card's currency. */
export function toCardDto(c: q.CardRow): CardDto {
  const limit = BigInt(c.credit_limit_minor);
  const owed = BigInt(c.owed_minor);
  const held = BigInt(c.held_minor);
  return {
    id: c.id,
    cardType: c.card_type,
    status: c.status,
    holderName: `${c.first_name} ${c.last_name}`,
    last4: c.number_last4,
    expiry: c.expiry_year ? formatExpiry({ month: c.expiry_month!, year: c.expiry_year }) : null,
    frozen: c.frozen_at !== null,
    frozenByAccount: c.account_frozen_at !== null,
    blockReason: c.block_reason,
    rejectionReason: c.rejection_reason,
    currency: c.currency,
    creditLimit: minorToDecimal(limit, c.currency),
    balanceOwed: minorToDecimal(owed, c.currency),
    holds: minorToDecimal(held, c.currency),
    availableCredit: minorToDecimal(c.status === 'active' ? limit - owed - held : 0n, c.currency),
    rewards: CARD_REWARDS_TEXT,
    createdAt: c.created_at.toISOString(),
    issuedAt: c.issued_at ? c.issued_at.toISOString() : null,
  };
}

export class CardsService {
  readonly keys: CardKeys;
  /** The payments' PIN check: the same attempt counter and lockout. */
  private readonly pin: TransactionPin;

  constructor(private readonly app: FastifyInstance) {
    this.keys = cardKeysFrom(app.config.encryptionKey);
    this.pin = new TransactionPin(app);
  }

  /**
   * An application: personal details as given, the SSN encrypted with only its last 4 in clear (docs/decisions/0012-issued-cards.md).
   * The card is on `accountId` (the caller's primary account when none is named), in its currency; only its owner
   * or a joint holder may take credit on it (account-roles.ts).
   */
  async apply(customerId: string, input: CardApplicationInput & { accountId?: string }, actor: Actor): Promise<CardDto> {
    return withTransaction(this.app.db, async (m) => {
      const account = await resolveAccount(m, customerId, input.accountId, 'borrow');
      const accountCurrency = account.currency;
      const ssnDigits = input.ssn.replace(/\D/g, '');
      const id = await q.insertCard(m, {
        customerId,
        accountId: account.id,
        cardType: input.cardType as CardDto['cardType'],
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        phone: input.phone,
        dateOfBirth: input.dateOfBirth,
        ssnEncrypted: encryptText(this.app.config.keys.dataEncryption, input.ssn),
        ssnLast4: ssnDigits.slice(-4).padStart(4, '0'),
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
        currency: accountCurrency,
        creditLimitMinor: parseAmountToMinor(input.creditLimit as string | number, accountCurrency),
      });
      await recordAudit(m, actor, { action: 'card.apply', targetType: 'card', targetId: id, details: { cardType: input.cardType, accountId: account.id } });
      return toCardDto((await q.findCard(m, id))!);
    });
  }

  async list(customerId: string): Promise<CardDto[]> {
    return (await q.listCustomerCards(this.app.db, customerId)).map(toCardDto);
  }

  private async owned(db: EntityManager | FastifyInstance['db'], customerId: string, cardId: string, forUpdate = false): Promise<q.CardRow> {
    const card = await q.findCard(db, cardId, { customerId, forUpdate });
    if (!card) throw errors.cardNotFound();
    return card;
  }

  async get(customerId: string, cardId: string): Promise<CardDto> {
    return toCardDto(await this.owned(this.app.db, customerId, cardId));
  }

  async activity(customerId: string, cardId: string): Promise<CardActivityDto[]> {
    await this.owned(this.app.db, customerId, cardId);
    return (await q.cardActivity(this.app.db, cardId)).map((a) => ({
      id: a.id,
      kind: a.kind,
      status: a.status as CardActivityDto['status'],
      description: a.description,
      amount: minorToDecimal(BigInt(a.amount_minor), a.currency),
      currency: a.currency,
      declineReason: a.decline_reason,
      createdAt: a.created_at.toISOString(),
    }));
  }

  /** Number, expiry and CVV for the owner who re-enters the PIN; audited, the secrets in no log line or row. */
  async reveal(customerId: string, cardId: string, pin: string, actor: Actor): Promise<CardRevealDto> {
    const card = await this.owned(this.app.db, customerId, cardId);
    if (!card.number_encrypted || !card.expiry_year) throw errors.cardNotIssued();
    if (card.status === 'blocked') throw errors.cardBlocked();
    await this.pin.checkFor(customerId, pin);
    const cardNumber = decryptTextWithAny([this.app.config.keys.dataEncryption, this.app.config.encryptionKey], card.number_encrypted);
    const expiry = { month: card.expiry_month!, year: card.expiry_year };
    await recordAudit(this.app.db.manager, actor, { action: 'card.reveal', targetType: 'card', targetId: card.id, details: { last4: card.number_last4 } });
    return { cardNumber, expiry: formatExpiry(expiry), cvv: deriveCvv(this.keys, { id: card.id, number: cardNumber, expiry, cardType: card.card_type }) };
  }

  /** The owner (customerId) or staff (null) freeze or unfreeze one card; a blocked card stays blocked either way. */
  async setFrozen(customerId: string | null, cardId: string, frozen: boolean, actor: Actor): Promise<CardDto> {
    return withTransaction(this.app.db, async (m) => {
      const card = await q.findCard(m, cardId, { customerId: customerId ?? undefined, forUpdate: true });
      if (!card) throw errors.cardNotFound();
      if (!card.number_last4) throw errors.cardNotIssued();
      if (card.status === 'blocked') throw errors.cardBlocked();
      await q.setCardFrozen(m, card.id, frozen);
      await recordAudit(m, actor, { action: frozen ? 'card.freeze' : 'card.unfreeze', targetType: 'card', targetId: card.id });
      return toCardDto((await q.findCard(m, card.id))!);
    });
  }

  /**
   * Pays part or all of the balance owed from the card's account (cards.account_id: docs/decisions/0062-accounts.md):
   * its ledger account -> card receivable, one journal, with the debit row on that account (its owner's row), and the
   * card's balance lowered in the same transaction. The caller must still hold the account as owner or joint holder.
   */
  async pay(m: EntityManager, customerId: string, cardId: string, input: { amount: string | number; pin: string }, actor: Actor): Promise<IdempotentResult<unknown>> {
    const card = await this.owned(m, customerId, cardId, true);
    if (!card.number_last4) throw errors.cardNotIssued();
    // The whole request before the PIN: a refusal for another reason costs no PIN attempt.
    const owed = BigInt(card.owed_minor);
    if (owed === 0n) throw errors.nothingOwed();
    const amountMinor = parseAmountToMinor(input.amount, card.currency);
    if (amountMinor > owed) throw errors.paymentAboveOwed(minorToDecimal(owed, card.currency));
    // Paying a card's balance is the card holder's part of borrowing ('borrow'): a holder since made a dependant, who
    // pays only within an allowance, does not settle credit from the account.
    const source = await resolveAccount(m, customerId, card.account_id, 'borrow');
    if (BigInt(source.balance_minor) < amountMinor) throw insufficientFunds();
    await this.pin.checkFor(customerId, input.pin);
    const account = source.ledger_account_id;
    const receivable = await internalAccountId(m, 'card_receivable', card.currency);
    const reference = newReference();
    const posted = await postJournal(
      m,
      {
        kind: 'card_payment',
        reference,
        description: `Payment to card ending ${card.number_last4}`,
        postings: [
          { accountId: account, amountMinor: -amountMinor, currency: card.currency },
          { accountId: receivable, amountMinor, currency: card.currency },
        ],
        metadata: { cardId: card.id },
      },
      {
        entries: [
          {
            reference,
            // Rows are their ledger account's owner's: a joint holder's payment shows on the shared account's history.
            customerId: source.customer_id,
            accountId: account,
            type: 'debit',
            kind: 'card_payment',
            status: 'success',
            description: `Card payment (card ending ${card.number_last4})`,
            category: 'Card payment',
            amountMinor,
            currency: card.currency,
            recipient: `Strongroom card ending ${card.number_last4}`,
            counterparty: null,
            channel: 'Online banking',
            location: actor.ip ? `IP ${actor.ip}` : null,
            metadata: { cardId: card.id },
          },
        ],
      },
    );
    await q.adjustCard(m, card.id, { owedMinor: -amountMinor });
    await recordAudit(m, actor, { action: 'card.pay', targetType: 'card', targetId: card.id, details: { amount: minorToDecimal(amountMinor, card.currency), reference } });
    const updated = (await q.findCard(m, card.id))!;
    return { status: 201, body: { success: true, message: 'Payment received', card: toCardDto(updated), transaction: toTransactionDto(posted.entries[0]) } };
  }

  /** Staff block a card for good (lost, stolen, fraud): it declines everything and cannot be unfrozen. */
  async block(cardId: string, reason: string, actor: Actor): Promise<CardDto> {
    return withTransaction(this.app.db, async (m) => {
      const card = await q.findCard(m, cardId, { forUpdate: true });
      if (!card) throw errors.cardNotFound();
      if (card.status === 'blocked') return toCardDto(card);
      if (card.status !== 'active') throw errors.cardNotActive();
      await q.setCardStatus(m, card.id, 'blocked', reason);
      await recordAudit(m, actor, { action: 'card.block', targetType: 'card', targetId: card.id, reason });
      return toCardDto((await q.findCard(m, card.id))!);
    });
  }
}
