import { newIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('makes a version 7 UUID, a new one each time', () => {
    const keys = Array.from({ length: 100 }, () => newIdempotencyKey());
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('orders keys made later after earlier ones, as text, so they share the index pages of recent keys', async () => {
    const earlier = newIdempotencyKey();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const later = newIdempotencyKey();
    expect(later > earlier).toBe(true);
    expect(later.slice(0, 13)).not.toBe(earlier.slice(0, 13));
  });
});
