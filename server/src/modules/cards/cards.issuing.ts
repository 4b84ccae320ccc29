import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CARD_VALIDITY_YEARS, luhnCheckDigit, type CardType } from '@strongroom/shared';

/**
 * Issuing (docs/decisions/0012-issued-cards.md): numbers in each network's published range with a Luhn check digit, an expiry four
 * years out, and a CVV that is never stored: it is an HMAC of a server key, the card and its expiry, so the
 * bank can show it to the owner and check it at authorisation without keeping it anywhere.
 */

interface NetworkRange {
  /** Prefixes to choose from, e.g. '4', '51'..'55'. */
  prefixes: () => string;
  length: number;
  cvvLength: number;
}

const between = (low: number, high: number) => String(randomInt(low, high + 1));

export const NETWORK_RANGES: Record<CardType, NetworkRange> = {
  visa: { prefixes: () => '4', length: 16, cvvLength: 3 },
  // 51-55, or the 2-series 2221-2720.
  mastercard: { prefixes: () => (randomInt(0, 2) === 0 ? between(51, 55) : between(2221, 2720)), length: 16, cvvLength: 3 },
  american_express: { prefixes: () => (randomInt(0, 2) === 0 ? '34' : '37'), length: 15, cvvLength: 4 },
  discover: { prefixes: () => (randomInt(0, 2) === 0 ? '6011' : '65'), length: 16, cvvLength: 3 },
};

/** A fresh Luhn-valid number for `cardType`: network prefix, random digits, check digit. */
export function generateCardNumber(cardType: CardType): string {
  const range = NETWORK_RANGES[cardType];
  let partial = range.prefixes();
  while (partial.length < range.length - 1) partial += String(randomInt(0, 10));
  return partial + luhnCheckDigit(partial);
}

/** Which network a number belongs to, by its prefix and length; null for none of ours. */
export function networkOf(cardNumber: string): CardType | null {
  const two = Number(cardNumber.slice(0, 2));
  const four = Number(cardNumber.slice(0, 4));
  if (cardNumber.length === 15 && (two === 34 || two === 37)) return 'american_express';
  if (cardNumber.length !== 16) return null;
  if (cardNumber.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (four === 6011 || two === 65) return 'discover';
  return null;
}

export interface Expiry {
  month: number;
  year: number;
}

/** The expiry of a card issued on `issuedAt`: the same month, four years on (valid to that month's end). */
export function expiryFrom(issuedAt: Date): Expiry {
  return { month: issuedAt.getUTCMonth() + 1, year: issuedAt.getUTCFullYear() + CARD_VALIDITY_YEARS };
}

/** 'MM/YY' as printed on the card. */
export const formatExpiry = (e: Expiry) => `${String(e.month).padStart(2, '0')}/${String(e.year % 100).padStart(2, '0')}`;

/** Whether a card expiring `e` can still pay on `now` (through the last day of its month, UTC). */
export function isExpired(e: Expiry, now: Date): boolean {
  const firstOfNextMonth = Date.UTC(e.year, e.month, 1);
  return now.getTime() >= firstOfNextMonth;
}

/** Keys of their own, derived from ENCRYPTION_KEY so operators manage one secret. */
export interface CardKeys {
  cvvKey: Buffer;
  lookupKey: Buffer;
}

export function cardKeysFrom(encryptionKey: Buffer): CardKeys {
  return {
    cvvKey: createHmac('sha256', encryptionKey).update('strongroom:card-cvv:v1').digest(),
    lookupKey: createHmac('sha256', encryptionKey).update('strongroom:card-lookup:v1').digest(),
  };
}

/** The CVV of a card: derived, never stored (3 digits, 4 for amex). */
export function deriveCvv(keys: CardKeys, card: { id: string; number: string; expiry: Expiry; cardType: CardType }): string {
  const mac = createHmac('sha256', keys.cvvKey)
    .update(`${card.id}\0${card.number}\0${formatExpiry(card.expiry)}`)
    .digest();
  const length = NETWORK_RANGES[card.cardType].cvvLength;
  return (mac.readBigUInt64BE(0) % 10n ** BigInt(length)).toString().padStart(length, '0');
}

export function cvvMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The keyed hash the network interface finds a card by: a database dump alone cannot turn it back into a number. */
export const cardNumberHash = (keys: CardKeys, cardNumber: string) => createHmac('sha256', keys.lookupKey).update(cardNumber).digest('hex');
