import { randomBytes } from 'node:crypto';
import { CARD_TYPES, isLuhnValid } from '@strongroom/shared';
import { cardKeysFrom, cardNumberHash, deriveCvv, expiryFrom, formatExpiry, generateCardNumber, isExpired, networkOf } from './cards.issuing';

describe('card issuing', () => {
  it('issues Luhn-valid numbers in each network range', () => {
    for (let i = 0; i < 200; i++) {
      for (const type of CARD_TYPES) {
        const number = generateCardNumber(type);
        expect(isLuhnValid(number)).toBe(true);
        expect(networkOf(number)).toBe(type);
      }
    }
    expect(generateCardNumber('american_express')).toMatch(/^3[47]\d{13}$/);
    expect(generateCardNumber('visa')).toMatch(/^4\d{15}$/);
    expect(generateCardNumber('discover')).toMatch(/^(6011|65)\d+$/);
    expect(networkOf('3528000000000000')).toBeNull();
  });

  it('sets the expiry four years out and expires after that month', () => {
    const e = expiryFrom(new Date('2026-11-23T15:00:00Z'));
    expect(formatExpiry(e)).toBe('11/30');
    expect(isExpired(e, new Date('2030-11-30T23:59:59Z'))).toBe(false);
    expect(isExpired(e, new Date('2030-12-01T00:00:00Z'))).toBe(true);
  });

  it('derives a stable CVV per card and key: 3 digits, 4 for amex', () => {
    const keys = cardKeysFrom(randomBytes(32));
    const card = { id: '7f0c1f8e-1d5b-4a55-9d57-0b7d3f2f1c11', number: '4111111111111111', expiry: { month: 11, year: 2030 }, cardType: 'visa' as const };
    const cvv = deriveCvv(keys, card);
    expect(cvv).toMatch(/^\d{3}$/);
    expect(deriveCvv(keys, card)).toBe(cvv);
    expect(deriveCvv(keys, { ...card, cardType: 'american_express', number: '378282246310005' })).toMatch(/^\d{4}$/);
    const otherKey = cardKeysFrom(randomBytes(32));
    const others = Array.from({ length: 5 }, () => deriveCvv(cardKeysFrom(randomBytes(32)), card));
    expect(others.some((c) => c !== cvv) || deriveCvv(otherKey, card) !== cvv).toBe(true);
    expect(cardNumberHash(keys, card.number)).toMatch(/^[0-9a-f]{64}$/);
    expect(cardNumberHash(keys, card.number)).not.toContain(card.number);
  });
});
