/**
 * The customer's own time zone, sent with the requests whose days are the customer's (a statement's period, the
 * dashboard's months and days), as the app's own dates are; UTC where a browser has none (docs/decisions/0046).
 */
export function customerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
