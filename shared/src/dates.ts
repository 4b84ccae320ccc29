// Dates for people: long US format with hour and minute .
const LONG = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
const DATE_ONLY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

function toDate(value: string | number | Date): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  return date;
}

const longIn = new Map<string, Intl.DateTimeFormat>();

/** 'November 22, 2026 at 3:40 PM', in `timeZone` (an IANA name) when given, else in this runtime's own. */
export function formatLongDate(value: string | number | Date, timeZone?: string): string {
  if (!timeZone) return LONG.format(toDate(value));
  let format = longIn.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone });
    longIn.set(timeZone, format);
  }
  return format.format(toDate(value));
}

/** True for a time zone name this runtime knows ('Pacific/Auckland', 'UTC'), as a browser reports its own. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** 'November 22, 2026' */
export function formatDate(value: string | number | Date): string {
  return DATE_ONLY.format(toDate(value));
}

/**
 * A calendar date ('1992-03-14', a birthday or a due date) -> 'March 14, 1992'. Read as that day wherever the
 * browser is: no time zone may shift it. Anything else is returned as it came.
 */
export function formatCalendarDate(isoDate: string | null | undefined): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate ?? '');
  if (!parts) return isoDate ?? '';
  return DATE_ONLY.format(new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
}

const dayIn = new Map<string, Intl.DateTimeFormat>();

/** The calendar day it is at `at` for someone in `timeZone` (an IANA name), 'YYYY-MM-DD'. */
export function isoDayIn(at: Date, timeZone: string): string {
  // Kept per zone: making a DateTimeFormat costs ten times what using one does, and a server asks on every dated request.
  let format = dayIn.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayIn.set(timeZone, format);
  }
  // The parts are read by type, not by position, to be safe.
  const parts = format.formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** 'YYYY-MM-DD' moved `days` days (negative: back), by the calendar. */
export function isoDayPlus(isoDay: string, days: number): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  const moved = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  moved.setUTCFullYear(year, month - 1, day + days);
  return moved.toISOString().slice(0, 10);
}
