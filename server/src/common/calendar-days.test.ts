import { dayStartIn, daysIn } from './calendar-days';

describe('calendar days', () => {
  it('starts the day after across month, year and leap-day ends, and past the year 9999', () => {
    const nextDay = (isoDay: string) => dayStartIn(isoDay, 'UTC', { daysLater: 1 }).toISOString();
    expect(nextDay('2026-11-30')).toBe('2026-12-01T00:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
    expect(nextDay('2028-02-28')).toBe('2028-02-29T00:00:00.000Z');
    expect(nextDay('2027-02-28')).toBe('2027-03-01T00:00:00.000Z');
    expect(nextDay('0099-12-31')).toBe('0100-01-01T00:00:00.000Z');
    expect(nextDay('9999-12-31')).toBe('+010000-01-01T00:00:00.000Z');
  });

  it('starts a day at midnight where the customer is', () => {
    expect(dayStartIn('2026-11-05', 'UTC').toISOString()).toBe('2026-11-05T00:00:00.000Z');
    // Auckland keeps daylight time in November (UTC+13); Los Angeles has left it by November 5 (UTC-8).
    expect(dayStartIn('2026-11-05', 'Pacific/Auckland').toISOString()).toBe('2026-11-04T11:00:00.000Z');
    expect(dayStartIn('2026-11-05', 'America/Los_Angeles').toISOString()).toBe('2026-11-05T08:00:00.000Z');
    expect(dayStartIn('2026-06-01', 'Asia/Kolkata').toISOString()).toBe('2026-05-31T18:30:00.000Z');
    // A year below 100 is that year, not 1900 and more.
    expect(dayStartIn('0050-01-01', 'UTC').toISOString()).toBe('0050-01-01T00:00:00.000Z');
  });

  it('gives a day that a clock change shortens or lengthens its true length', () => {
    // Los Angeles springs forward on March 8, 2026 (23 hours) and falls back on November 1, 2026 (25 hours).
    const spring = daysIn('2026-03-08', '2026-03-08', 'America/Los_Angeles');
    expect(spring.endsBefore.getTime() - spring.startsAt.getTime()).toBe(23 * 3_600_000);
    const autumn = daysIn('2026-11-01', '2026-11-01', 'America/Los_Angeles');
    expect(autumn.endsBefore.getTime() - autumn.startsAt.getTime()).toBe(25 * 3_600_000);
  });

  it('starts a day whose midnight a clock change skips at its first moment', () => {
    // Santiago springs forward from midnight to 01:00 on September 6, 2026: the day begins at 01:00 (UTC-3).
    expect(dayStartIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('refuses a time zone it does not know', () => {
    expect(() => dayStartIn('2026-11-05', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
