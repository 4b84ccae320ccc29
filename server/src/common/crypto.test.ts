import { randomBytes } from 'node:crypto';
import { openText, randomDigits, randomSymbols, sealText } from './crypto';

describe('sealText / openText (AES-256-GCM at rest)', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the clear text', () => {
    const sealed = sealText(key, '123-45-6789', 'loan-ssn');
    expect(sealed).not.toContain('6789');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(openText(key, sealed, 'loan-ssn')).toBe('123-45-6789');
    expect(sealText(key, '123-45-6789', 'loan-ssn')).not.toBe(sealed);
  });

  it('refuses another key, another context and altered bytes', () => {
    const sealed = sealText(key, '123456789', 'loan-ssn');
    expect(() => openText(randomBytes(32), sealed, 'loan-ssn')).toThrow();
    expect(() => openText(key, sealed, 'card-ssn')).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => openText(key, [v, iv, tag, flipped.toString('base64url')].join('.'), 'loan-ssn')).toThrow();
  });
});

describe('randomSymbols', () => {
  it('draws only from the alphabet, as many as asked', () => {
    expect(randomSymbols(17, 'AB')).toMatch(/^[AB]{17}$/);
    expect(randomSymbols(0, 'AB')).toBe('');
    expect(() => randomSymbols(4, 'A')).toThrow(RangeError);
    expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  it('favours no symbol when the alphabet does not divide 256', () => {
    // 31 symbols: `byte % 31` would give the first 8 about 10,900 times each in 310,000 draws and the rest 9,690;
    // uniform draws stay within 6 standard deviations (about 590) of 10,000. The draws cross many 4 kB refills.
    const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
    const counts = new Map<string, number>();
    for (const symbol of randomSymbols(310_000, alphabet)) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    expect(counts.size).toBe(31);
    for (const count of counts.values()) expect(Math.abs(count - 10_000)).toBeLessThan(590);
  });
});
