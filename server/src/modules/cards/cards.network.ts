import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { isLuhnValid, minorToDecimal, parseAmountToMinor, type CardAuthorisationDto, type CardDeclineReason } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { decryptTextWithAny } from '../../common/crypto';
import { recordAudit } from '../audit';
import { internalAccountId, newReference, postJournal } from '../ledger';
import { cardNumberHash, cvvMatches, deriveCvv, formatExpiry, isExpired, type CardKeys } from './cards.issuing';
import * as q from './cards.queries';
import * as errors from './cards.errors';

/** What a decline says to the merchant's terminal (and the console). */
export const DECLINE_MESSAGES: Record<CardDeclineReason, string> = {
  unknown_card: 'Declined: unknown card',
  card_not_active: 'Declined: the card is not active',
  card_blocked: 'Declined: the card is blocked',
  card_frozen: 'Declined: the card is frozen',
  card_expired: 'Declined: the card has expired',
  cvv_mismatch: 'Declined: wrong security code',
  currency_not_supported: 'Declined: the card does not pay in this currency',
  insufficient_credit: 'Declined: not enough available credit',
};

export interface AuthorisationInput {
  cardNumber: string;
  expiry: string;
  cvv: string;
  amount: string | number;
  currency: string;
  merchant: string;
}

export function toAuthorisationDto(a: q.AuthorisationRow): CardAuthorisationDto {
  return {
    id: a.id,
    cardId: a.card_id,
    cardLast4: a.card_last4,
    status: a.status,
    declineReason: a.decline_reason,
    amount: minorToDecimal(BigInt(a.amount_minor), a.currency),
    capturedAmount: a.captured_minor === null ? null : minorToDecimal(BigInt(a.captured_minor), a.currency),
    currency: a.currency,
    merchant: a.merchant,
    createdAt: a.created_at.toISOString(),
  };
}

export interface AuthorisationResult {
  approved: boolean;
  declineReason?: CardDeclineReason;
  message: string;
  authorisation: CardAuthorisationDto;
}

/** Who asked: a staff admin, or the network's configured credential. */
export const requesterOf = (actor: Actor) => (actor.type === 'staff' ? `staff:${actor.id}` : 'network');

/**
 * The card network interface: the bank as issuer answers authorisation requests against the card's credit
 * line, and settles them. An approved authorisation is a hold (it lowers the available credit, no money
 * moves); a capture books the purchase (card receivable against merchant settlement); a void releases it.
 */
export class CardNetworkService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly keys: CardKeys,
  ) {}

  /** Why `card` cannot pay `amountMinor` now, or null when it can. The checks run in the order a network would. */
  private declineReason(card: q.CardRow | undefined, input: AuthorisationInput, amountMinor: bigint | null): CardDeclineReason | null {
    if (!card || !card.number_encrypted || !card.expiry_year) return 'unknown_card';
    if (card.status === 'blocked') return 'card_blocked';
    if (card.status !== 'active') return 'card_not_active';
    const expiry = { month: card.expiry_month!, year: card.expiry_year };
    if (input.expiry !== formatExpiry(expiry)) return 'unknown_card';
    if (isExpired(expiry, this.app.clock.now())) return 'card_expired';
    const number = decryptTextWithAny([this.app.config.keys.dataEncryption, this.app.config.encryptionKey], card.number_encrypted);
    if (!cvvMatches(deriveCvv(this.keys, { id: card.id, number, expiry, cardType: card.card_type }), input.cvv)) return 'cvv_mismatch';
    if (card.frozen_at || card.account_frozen_at) return 'card_frozen';
    if (amountMinor === null) return 'currency_not_supported';
    const available = BigInt(card.credit_limit_minor) - BigInt(card.owed_minor) - BigInt(card.held_minor);
    if (amountMinor > available) return 'insufficient_credit';
    return null;
  }

  /** Every request leaves a record, approved (a hold) or declined with its reason; never the number or CVV. */
  async authorise(m: EntityManager, input: AuthorisationInput, actor: Actor): Promise<AuthorisationResult> {
    const card = isLuhnValid(input.cardNumber) ? await q.findCardByNumberHash(m, cardNumberHash(this.keys, input.cardNumber)) : undefined;
    const amountMinor = card && card.currency === input.currency ? parseAmountToMinor(input.amount, card.currency) : null;
    const reason = this.declineReason(card, input, amountMinor);
    const recordMinor = amountMinor ?? parseAmountToMinor(input.amount, input.currency);
    const row = await q.insertAuthorisation(m, {
      cardId: card?.id ?? null,
      cardLast4: input.cardNumber.slice(-4),
      status: reason ? 'declined' : 'held',
      declineReason: reason,
      amountMinor: recordMinor,
      currency: input.currency,
      merchant: input.merchant,
      requestedBy: requesterOf(actor),
    });
    if (!reason) await q.adjustCard(m, card!.id, { heldMinor: recordMinor });
    await recordAudit(m, actor, {
      action: reason ? 'card_authorisation.decline' : 'card_authorisation.hold',
      targetType: 'card_authorisation',
      targetId: row.id,
      details: { cardLast4: row.card_last4, amount: minorToDecimal(recordMinor, input.currency), currency: input.currency, ...(reason ? { declineReason: reason } : {}) },
    });
    return reason
      ? { approved: false, declineReason: reason, message: DECLINE_MESSAGES[reason], authorisation: toAuthorisationDto(row) }
      : { approved: true, message: 'Approved', authorisation: toAuthorisationDto(row) };
  }

  private async held(m: EntityManager, id: string): Promise<q.AuthorisationRow> {
    const a = await q.findAuthorisation(m, id, true);
    if (!a) throw errors.authorisationNotFound();
    if (a.status !== 'held') throw errors.authorisationNotHeld(a.status);
    return a;
  }

  /** Books the purchase (all of the hold, or less) and releases the hold. */
  async capture(m: EntityManager, id: string, amount: string | number | undefined, actor: Actor): Promise<CardAuthorisationDto> {
    const a = await this.held(m, id);
    const heldMinor = BigInt(a.amount_minor);
    const capturedMinor = amount === undefined ? heldMinor : parseAmountToMinor(amount, a.currency);
    if (capturedMinor > heldMinor) throw errors.captureAboveHold();
    await q.findCard(m, a.card_id!, { forUpdate: true });
    const reference = newReference('CP');
    await postJournal(m, {
      kind: 'card_purchase',
      reference,
      description: `Card purchase at ${a.merchant} (card ending ${a.card_last4})`,
      postings: [
        { accountId: await internalAccountId(m, 'card_receivable', a.currency), amountMinor: -capturedMinor, currency: a.currency },
        { accountId: await internalAccountId(m, 'merchant_settlement', a.currency), amountMinor: capturedMinor, currency: a.currency },
      ],
      metadata: { cardId: a.card_id, authorisationId: a.id },
    });
    await q.adjustCard(m, a.card_id!, { heldMinor: -heldMinor, owedMinor: capturedMinor });
    const settled = await q.settleAuthorisation(m, a.id, 'captured', capturedMinor, reference);
    await recordAudit(m, actor, { action: 'card_authorisation.capture', targetType: 'card_authorisation', targetId: a.id, details: { amount: minorToDecimal(capturedMinor, a.currency), reference } });
    return toAuthorisationDto(settled);
  }

  /** Releases the hold; nothing was booked, so nothing is reversed. */
  async void(m: EntityManager, id: string, actor: Actor): Promise<CardAuthorisationDto> {
    const a = await this.held(m, id);
    await q.findCard(m, a.card_id!, { forUpdate: true });
    await q.adjustCard(m, a.card_id!, { heldMinor: -BigInt(a.amount_minor) });
    const settled = await q.settleAuthorisation(m, a.id, 'voided', null, null);
    await recordAudit(m, actor, { action: 'card_authorisation.void', targetType: 'card_authorisation', targetId: a.id });
    return toAuthorisationDto(settled);
  }
}
