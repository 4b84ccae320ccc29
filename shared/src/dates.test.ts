import { formatCalendarDate, formatDate, formatLongDate, isTimeZone, isoDayIn, isoDayPlus } from './dates';

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

describe('time zones', () => {
  it('formats a moment in a named time zone', () => {
    // 11:30 UTC on November 4 is half past midnight on November 5 in Auckland (NZDT, UTC+13).
    expect(formatLongDate('2026-11-04T11:30:00Z', 'Pacific/Auckland')).toMatch(/^November 5, 2026 at 12:30\sAM$/);
    expect(formatLongDate('2026-11-04T11:30:00Z', 'America/Los_Angeles')).toMatch(/^November 4, 2026 at 3:30\sAM$/);
    expect(formatLongDate('2026-11-04T11:30:00Z', 'UTC')).toMatch(/^November 4, 2026 at 11:30\sAM$/);
  });

  it('knows time zone names and nothing else', () => {
    for (const name of ['UTC', 'Europe/London', 'Pacific/Auckland', 'America/Argentina/Buenos_Aires']) expect(isTimeZone(name)).toBe(true);
    for (const name of ['', 'Mars/Olympus_Mons', 'Europe/London; DROP TABLE', 'x'.repeat(65), 42, null, undefined]) expect(isTimeZone(name)).toBe(false);
  });
});

describe('the customer’s today', () => {
  it('tells the calendar day it is in a time zone, and moves days by the calendar', () => {
    const at = new Date('2026-11-30T12:00:00Z');
    expect(isoDayIn(at, 'UTC')).toBe('2026-11-30');
    expect(isoDayIn(at, 'Pacific/Auckland')).toBe('2026-12-01');
    expect(isoDayIn(at, 'Pacific/Honolulu')).toBe('2026-11-30');
    expect(isoDayIn(new Date('2026-11-30T09:59:59Z'), 'Pacific/Honolulu')).toBe('2026-11-29');
    expect(isoDayPlus('2026-12-01', -29)).toBe('2026-11-02');
    expect(isoDayPlus('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoDayPlus('2026-12-31', 1)).toBe('2027-01-01');
  });
});
