import fc from 'fast-check';
import { ASSET_UNITS_PATTERN, CRYPTO_AMOUNT_DECIMALS, parseUnits } from '../crypto';
import { parseAmountToMinor } from '../money';
import { MONEY_INPUT_PATTERN } from './common';

// The API's contract publishes these patterns for the amounts the forms' schemas take: a client that follows the
// contract must never be refused for the amount's shape, and the pattern must not claim what the parser refuses.
describe('wire patterns of amounts', () => {
  const money = new RegExp(MONEY_INPUT_PATTERN);
  const units = new RegExp(ASSET_UNITS_PATTERN);
  const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

  it('accepts as money exactly the canonical amounts the parser reads in a two-decimal currency', () => {
    fc.assert(
      fc.property(digits(1, 16), fc.option(digits(1, 2), { nil: undefined }), (whole, fraction) => {
        const text = fraction === undefined ? whole : `${whole}.${fraction}`;
        expect(money.test(text)).toBe(true);
        expect(() => parseAmountToMinor(text, 'USD')).not.toThrow();
      }),
    );
    for (const refused of ['', '1.', '.5', '-1.00', '1.234', '1e3', ' 1', '12345678901234567', '1,000.00']) expect(money.test(refused)).toBe(false);
  });

  it('accepts as asset units exactly the canonical quantities the parser reads', () => {
    fc.assert(
      fc.property(digits(1, 16), fc.option(digits(1, CRYPTO_AMOUNT_DECIMALS), { nil: undefined }), (whole, fraction) => {
        const text = fraction === undefined ? whole : `${whole}.${fraction}`;
        expect(units.test(text)).toBe(true);
        expect(() => parseUnits(text, CRYPTO_AMOUNT_DECIMALS)).not.toThrow();
      }),
    );
    for (const refused of ['', '0.0000001', '-1', '1.', 'abc']) expect(units.test(refused)).toBe(false);
  });
});
