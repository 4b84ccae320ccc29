import type { EntityManager } from 'typeorm';
import { formatMoney, type CardType } from '@strongroom/shared';
import { encryptText } from '../../common/crypto';
import type { DecisionContext, ReviewItem, ReviewKind } from '../review';
import { cardNumberHash, expiryFrom, generateCardNumber, type CardKeys } from './cards.issuing';
import * as q from './cards.queries';

interface CardApplication extends ReviewItem {
  cardType: CardType;
  creditLimitMinor: bigint;
}

const NETWORK_NAMES: Record<CardType, string> = { visa: 'Visa', mastercard: 'Mastercard', american_express: 'American Express', discover: 'Discover' };

/** A fresh number no other card has (a repeat is astronomically rare; the unique index is the last word). */
async function uniqueNumber(m: EntityManager, keys: CardKeys, cardType: CardType): Promise<{ number: string; hash: string }> {
  for (;;) {
    const number = generateCardNumber(cardType);
    const hash = cardNumberHash(keys, number);
    if (!(await q.numberHashTaken(m, hash))) return { number, hash };
  }
}

/**
 * A card application on the staff review queue: a credit decision. Approving issues the card (number,
 * expiry; the CVV is derived when needed, never stored); the credit limit is what an approval extends, so
 * a limit above the four-eyes threshold needs a second admin.
 */
export function cardReviewKind(keys: CardKeys): ReviewKind<CardApplication> {
  return {
    subjectType: 'card',
    noun: 'card application',
    pendingStatuses: ['pending'],
    approvedStatus: 'active',
    rejectedStatus: 'rejected',
    async load(m, id) {
      const row = await q.lockCardApplication(m, id);
      if (!row) return null;
      const creditLimitMinor = BigInt(row.credit_limit_minor);
      return { id: row.id, status: row.status, customerId: row.customer_id, cardType: row.card_type, creditLimitMinor, creditMinor: creditLimitMinor, currency: row.currency };
    },
    async approve(m: EntityManager, item, ctx: DecisionContext) {
      const { number, hash } = await uniqueNumber(m, keys, item.cardType);
      const expiry = expiryFrom(ctx.now);
      await q.storeIssuedNumber(m, item.id, {
        numberEncrypted: encryptText(ctx.app.config.keys.dataEncryption, number),
        last4: number.slice(-4),
        hash,
        month: expiry.month,
        year: expiry.year,
        at: ctx.now,
      });
    },
    async reject() {
      // Nothing was extended: the application just closes with the reason.
    },
    async setStatus(m, item, status, reason) {
      await q.setCardStatus(m, item.id, status, reason);
    },
    notice(item, decision, reason) {
      const network = NETWORK_NAMES[item.cardType];
      const limit = formatMoney(item.creditLimitMinor, item.currency ?? 'USD');
      const line =
        decision === 'approve'
          ? `Your ${network} card with a credit limit of ${limit} is issued. Open Cards in the app to see it; reveal its details with your PIN.`
          : `We could not approve your ${network} card application.\nReason: ${reason}`;
      return { template: 'cardApplicationDecision', data: { line }, always: true };
    },
    message(decision) {
      return decision === 'approve' ? 'Card approved and issued' : 'Card application rejected';
    },
  };
}
