import { formatDate, formatLongDate } from './dates';

describe('dates', () => {
  it('formats long US dates with hour and minute', () => {
    const text = formatLongDate('2026-11-22T15:40:00Z');
    expect(text).toMatch(/^November 2[12], 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDate(new Date(2026, 0, 5, 12))).toBe('January 5, 2026');
  });

  it('refuses an invalid date', () => {
    expect(() => formatLongDate('not a date')).toThrow(RangeError);
  });
});
