// How the console writes dates, money and masked identifiers, in one place (the figures themselves come from
// @strongroom/shared's formatters, which the customer app uses too).
import { formatCalendarDate, formatLongDate, formatMoney } from '@strongroom/shared';

export { formatCalendarDate, formatLongDate };

/** A record's amount (a wire decimal string, never a float) in its currency; USD when the record names none. */
export function recordMoney(amount: unknown, currency: unknown, options?: Parameters<typeof formatMoney>[2]): string {
  return formatMoney(String(amount ?? '0'), String(currency ?? 'USD'), options);
}

/** A social security number as staff may see it: its last four digits only. */
export const maskedSsn = (last4: string) => `***-**-${last4}`;

/** A card number as staff may see it: its last four digits, or that none was issued yet. */
export const maskedCardNumber = (last4: string | null) => (last4 ? `•••• ${last4}` : 'Not issued');
