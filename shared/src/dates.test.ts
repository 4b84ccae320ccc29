import { formatCalendarDate, formatDate, formatLongDate } from './dates';

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

describe('formatCalendarDate', () => {
  it('reads a calendar date as that day, whatever the time zone', () => {
    expect(formatCalendarDate('1992-03-14')).toBe('March 14, 1992');
    expect(formatCalendarDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatCalendarDate('')).toBe('');
    expect(formatCalendarDate(null)).toBe('');
  });
});
