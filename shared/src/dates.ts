// Dates for people: long US format with hour and minute .
const LONG = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
const DATE_ONLY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

function toDate(value: string | number | Date): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  return date;
}

/** 'November 22, 2026 at 3:40 PM' */
export function formatLongDate(value: string | number | Date): string {
  return LONG.format(toDate(value));
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
