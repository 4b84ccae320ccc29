import { formatCalendarDate, isoDayPlus } from './dates';

/** How often a standing order pays (docs/decisions/0053). */
export const REPEAT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
/** The form's choice: once (no standing order) or one of the frequencies. */
export const REPEAT_CHOICES = ['none', ...REPEAT_FREQUENCIES] as const;
export const REPEAT_LABELS: Record<(typeof REPEAT_CHOICES)[number], string> = { none: 'Just once', weekly: 'Every week', monthly: 'Every month' };

/** A standing order is stopped after this many payments in a row could not be made (and the customer told). */
export const MAX_FAILED_PAYMENTS_IN_A_ROW = 3;

export const STANDING_ORDER_STATUSES = ['active', 'cancelled', 'ended', 'stopped'] as const;
export type StandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];

const isFrequency = (value: unknown): value is RepeatFrequency => (REPEAT_FREQUENCIES as readonly unknown[]).includes(value);

/**
 * The date of a standing order's payment number `index` (0 is the first). Weekly: seven days apart. Monthly: on the
 * first payment's day of the month, or on the month's last day when it is shorter (the 31st pays on 30 April and
 * 28 or 29 February, and on the 31st again in May): counted from the first date, never from the one before, so a
 * short month does not pull every later payment earlier.
 */
export function paymentDate(firstOn: string, frequency: RepeatFrequency, index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`payment index must be a whole number >= 0, not ${index}`);
  if (frequency === 'weekly') return isoDayPlus(firstOn, 7 * index);
  const [year, month, day] = firstOn.split('-').map(Number);
  const monthIndex = month - 1 + index;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = monthIndex % 12;
  return utcDay(targetYear, targetMonth, Math.min(day, utcDay(targetYear, targetMonth + 1, 0).getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/** setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999. Day 0 is the month before's last day. */
function utcDay(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

/** "every month", "every week until March 1, 2027": how a standing order's repeats read in a sentence. */
export function describeRepeat(frequency: unknown, untilOn?: string | null): string {
  if (!isFrequency(frequency)) return '';
  const every = frequency === 'weekly' ? 'every week' : 'every month';
  return untilOn ? `${every} until ${formatCalendarDate(untilOn)}` : every;
}
