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
