import { TZDate } from '@date-fns/tz';

/**
 * The moment a calendar day begins where the customer is: midnight of `isoDay` (or of the day `daysLater` after it,
 * across month and year ends) in `timeZone` (an IANA name), or the first moment of that day where a daylight-saving
 * change skips midnight. A statement's days are the customer's own
 * (docs/decisions/0046), not the server's or UTC's.
 */
export function dayStartIn(isoDay: string, timeZone: string, { daysLater = 0 } = {}): Date {
  const [year, month, day] = isoDay.split('-').map(Number);
  // Set after construction: the constructor, like Date's, would read years 0-99 as 1900-1999.
  const zoned = new TZDate(2000, 0, 1, timeZone);
  // An unknown zone gives an invalid date, which setFullYear would quietly make valid again.
  if (Number.isNaN(zoned.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  zoned.setFullYear(year, month - 1, day + daysLater);
  const start = new Date(zoned.getTime());
  if (Number.isNaN(start.getTime())) throw new RangeError(`No such day: ${isoDay}`);
  return start;
}

/** Calendar days `from` to `to`, both included, in `timeZone`: the first moment in them and the first after them. */
export function daysIn(from: string, to: string, timeZone: string): { startsAt: Date; endsBefore: Date } {
  return { startsAt: dayStartIn(from, timeZone), endsBefore: dayStartIn(to, timeZone, { daysLater: 1 }) };
}

/** The calendar day it is at `at` for someone in `timeZone`, 'YYYY-MM-DD'. */
export function isoDayIn(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD; the parts are read by type, not by position, to be safe.
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** 'YYYY-MM-DD' moved `days` days (negative: back), by the calendar. */
export function isoDayPlus(isoDay: string, days: number): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  const moved = new Date(0);
  // setUTCFullYear, not Date.UTC, for the same reason as above.
  moved.setUTCFullYear(year, month - 1, day + days);
  return moved.toISOString().slice(0, 10);
}
