import { TZDate } from '@date-fns/tz';

// The customer's today and day arithmetic are the shared package's (the browser reads them the same way).
export { isoDayIn, isoDayPlus } from '@strongroom/shared';

/**
 * The moment a calendar day begins where the customer is: midnight of `isoDay` (or of the day `daysLater` after it,
 * across month and year ends) in `timeZone` (an IANA name), or the first moment of that day where a daylight-saving
 * change skips midnight. A statement's, the dashboard's and a dated payment's days are the customer's own
 * (docs/decisions/0046, 0048), not the server's or UTC's.
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

/** A run of whole days as moments: the first in them and the first after them. */
export interface DaySpan {
  startsAt: Date;
  endsBefore: Date;
}

/** Calendar days `from` to `to`, both included, in `timeZone`. */
export function daysIn(from: string, to: string, timeZone: string): DaySpan {
  return { startsAt: dayStartIn(from, timeZone), endsBefore: dayStartIn(to, timeZone, { daysLater: 1 }) };
}
