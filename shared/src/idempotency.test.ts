import { validate, version } from 'uuid';
import { newIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('makes a version 7 UUID, a new one each time', () => {
    const keys = Array.from({ length: 100 }, () => newIdempotencyKey());
    for (const key of keys) {
      expect(validate(key)).toBe(true);
      expect(version(key)).toBe(7);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('orders keys made later after earlier ones, as text, so they share the index pages of recent keys', async () => {
    const earlier = newIdempotencyKey();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const later = newIdempotencyKey();
    expect(later > earlier).toBe(true);
    expect(later.slice(0, 13)).not.toBe(earlier.slice(0, 13));
    // Several in a row, so that random keys could not pass by chance (1 in 120 for five).
    const inTurn: string[] = [];
    for (let n = 0; n < 5; n++) {
      inTurn.push(newIdempotencyKey());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect([...inTurn].sort()).toEqual(inTurn);
  });
});
