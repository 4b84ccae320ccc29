import { addDays, businessDateOf } from './business-date';

describe('business dates', () => {
  it('is the date in the bank time zone, not in UTC', () => {
    const instant = new Date('2027-03-31T23:30:00Z');
    expect(businessDateOf(instant, 'UTC')).toBe('2027-03-31');
    expect(businessDateOf(instant, 'Europe/Berlin')).toBe('2027-04-01');
    expect(businessDateOf(instant, 'America/New_York')).toBe('2027-03-31');
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });
});
