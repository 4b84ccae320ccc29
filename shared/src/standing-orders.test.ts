import { describeRepeat, paymentDate } from './standing-orders';

describe('paymentDate', () => {
  it('pays weekly seven days apart, across months and years', () => {
    expect([0, 1, 2, 5].map((index) => paymentDate('2026-12-17', 'weekly', index))).toEqual(['2026-12-17', '2026-12-24', '2026-12-31', '2027-01-21']);
  });
  it('pays monthly on the first payment day, or the last day of a shorter month, counted from the first date', () => {
    const dates = [0, 1, 2, 3, 4].map((index) => paymentDate('2027-01-31', 'monthly', index));
    // February is short, so that payment is on its last day; March is back on the 31st, not pulled to the 28th.
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(paymentDate('2028-01-30', 'monthly', 1)).toBe('2028-02-29');
    expect(paymentDate('2026-11-15', 'monthly', 2)).toBe('2027-01-15');
    expect(paymentDate('2026-12-05', 'monthly', 25)).toBe('2029-01-05');
  });
  it('refuses an index that is not a payment number', () => {
    expect(() => paymentDate('2026-12-01', 'weekly', -1)).toThrow(RangeError);
    expect(() => paymentDate('2026-12-01', 'monthly', 1.5)).toThrow(RangeError);
  });
});

describe('describeRepeat', () => {
  it('reads as part of a sentence, with the last date when there is one', () => {
    expect(describeRepeat('monthly')).toBe('every month');
    expect(describeRepeat('weekly', '2027-03-01')).toBe('every week until March 1, 2027');
    expect(describeRepeat('none')).toBe('');
    expect(describeRepeat(undefined)).toBe('');
  });
});
