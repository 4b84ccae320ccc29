import { groupCardNumber, isLuhnValid, luhnCheckDigit } from './luhn';

describe('Luhn', () => {
  it('computes the check digit of known test numbers', () => {
    expect(luhnCheckDigit('411111111111111')).toBe('1');
    expect(luhnCheckDigit('555555555555444')).toBe('4');
    expect(luhnCheckDigit('37828224631000')).toBe('5');
    expect(luhnCheckDigit('601111111111111')).toBe('7');
    expect(luhnCheckDigit('7992739871')).toBe('3');
  });

  it('accepts valid numbers and refuses a changed digit, letters and wrong lengths', () => {
    for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '2223003122003222']) expect(isLuhnValid(n)).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(false);
    expect(isLuhnValid('41111111111')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });

  it('refuses anything but digits as input to the check digit', () => {
    expect(() => luhnCheckDigit('12a4')).toThrow('Luhn input must be digits');
  });

  it('groups numbers in fours', () => {
    expect(groupCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(groupCardNumber('378282246310005')).toBe('3782 8224 6310 005');
  });
});
