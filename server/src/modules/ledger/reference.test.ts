import { newReference } from './ledger.service';

describe('newReference', () => {
  it('is the prefix, 9 time symbols and 8 random symbols, without 0, O, 1 or I', () => {
    expect(newReference()).toMatch(/^SR[2-9A-HJ-NP-Z]{17}$/);
    expect(newReference('CW')).toMatch(/^CW[2-9A-HJ-NP-Z]{17}$/);
  });

  it('sorts as its time does, across every symbol boundary, in code order and in a locale-aware compare', () => {
    const times = [0, 1, 31, 32, 33, 1023, 1024, 32 ** 3 - 1, 32 ** 3, Date.UTC(2026, 10, 24), Date.UTC(2026, 10, 24) + 1, Date.UTC(2999, 0, 1)];
    const references = times.map((ms) => newReference('SR', ms));
    const byCode = [...references].sort();
    const byLocale = [...references].sort((a, b) => a.localeCompare(b, 'en-US'));
    for (let i = 1; i < references.length; i++) {
      // Compare the time part only: the random tail may sort either way.
      expect(byCode[i - 1].slice(0, 11) < byCode[i].slice(0, 11)).toBe(true);
    }
    expect(byCode.map((reference) => reference.slice(0, 11))).toEqual(references.map((reference) => reference.slice(0, 11)));
    expect(byLocale.map((reference) => reference.slice(0, 11))).toEqual(references.map((reference) => reference.slice(0, 11)));
  });

  it('never repeats within one millisecond', () => {
    const nowMs = Date.now();
    const references = new Set(Array.from({ length: 20_000 }, () => newReference('SR', nowMs)));
    expect(references.size).toBe(20_000);
  });
});
