import { randomBytes } from 'node:crypto';
import { openText, sealText } from './crypto';

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
