/**
 * The business date (YYYY-MM-DD) an instant falls on in the bank's time zone (BANK_TIME_ZONE): interest accrues per
 * business date, and the end of day runs a date once it has ended there (docs/decisions/0063-interest.md).
 */
export function businessDateOf(instant: Date, zone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The ISO date `days` days after (or before) `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
