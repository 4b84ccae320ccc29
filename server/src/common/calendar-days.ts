import { TZDate } from '@date-fns/tz';

/** 'YYYY-MM-DD' -> the day after it, by the calendar (month and year ends, leap days). */
export function nextIsoDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * The moment a calendar day begins where the customer is: midnight of `isoDay` in `timeZone` (an IANA name), or the
 * first moment of that day where a daylight-saving change skips midnight. A statement's days are the customer's own
 * (docs/decisions/0046), not the server's or UTC's.
 */
export function dayStartIn(isoDay: string, timeZone: string): Date {
  const [year, month, day] = isoDay.split('-').map(Number);
  const start = new Date(new TZDate(year, month - 1, day, timeZone).getTime());
  if (Number.isNaN(start.getTime())) throw new RangeError(`No such day or time zone: ${isoDay} ${timeZone}`);
  return start;
}

/** Calendar days `from` to `to`, both included, in `timeZone`: the first moment in them and the first after them. */
export function daysIn(from: string, to: string, timeZone: string): { startsAt: Date; endsBefore: Date } {
  return { startsAt: dayStartIn(from, timeZone), endsBefore: dayStartIn(nextIsoDay(to), timeZone) };
}
