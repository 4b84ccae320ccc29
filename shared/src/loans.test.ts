import { addMonthsIso, buildSchedule, calculateLoan, loanFiguresMinor, loanRateFor, parseRatePercent } from './loans';

describe('calculateLoan', () => {
  it('matches hand-computed amortisation: 25,000 at 6.99% for 36 months', () => {
    // r = 0.0699 / 12 = 0.005825; payment = 25000 r / (1 - (1 + r)^-36) = 771.8131...; x 36 = 27,785.27
    expect(calculateLoan({ amount: 25000, ratePct: 6.99, termMonths: 36 })).toEqual({
      monthlyPayment: '771.81',
      principalAndInterest: '771.81',
      totalInterest: '2785.27',
      totalAmount: '27785.27',
    });
  });

  it('matches other hand-computed figures', () => {
    // 10,000 at 3.99% over 60 months: r = 0.003325, payment 184.12009..., x 60 = 11,047.2057...
    expect(calculateLoan({ amount: '10000', ratePct: '3.99', termMonths: '60' })).toMatchObject({ monthlyPayment: '184.12', totalAmount: '11047.21', totalInterest: '1047.21' });
    // No interest: the principal spread evenly.
    expect(calculateLoan({ amount: '1200', ratePct: '0', termMonths: 12 })).toMatchObject({ monthlyPayment: '100.00', totalInterest: '0.00', totalAmount: '1200.00' });
  });

  it('shows 0 when the amount or the term is falsy or unreadable', () => {
    const zero = { monthlyPayment: '0.00', principalAndInterest: '0.00', totalInterest: '0.00', totalAmount: '0.00' };
    expect(calculateLoan({ amount: 0, ratePct: 6.99, termMonths: 36 })).toEqual(zero);
    expect(calculateLoan({ amount: '', ratePct: 6.99, termMonths: 36 })).toEqual(zero);
    expect(calculateLoan({ amount: 25000, ratePct: 6.99, termMonths: 0 })).toEqual(zero);
    expect(calculateLoan({ amount: 25000, ratePct: 6.99, termMonths: '' })).toEqual(zero);
    expect(calculateLoan({ amount: 'lots', ratePct: 6.99, termMonths: 36 })).toEqual(zero);
    expect(calculateLoan({ amount: 25000, ratePct: '-1', termMonths: 36 })).toEqual(zero);
  });
});

describe('loan rates', () => {
  it('come from the loan type, with the default for anything else', () => {
    expect(['personal', 'home', 'auto', 'student', 'business', 'boat', ''].map(loanRateFor)).toEqual(['6.99', '3.99', '4.99', '2.99', '7.99', '6.99', '6.99']);
    expect(loanRateFor('toString')).toBe('6.99');
  });
  it('are parsed exactly', () => {
    expect(parseRatePercent('6.99')).toBe(69900n);
    expect(parseRatePercent(2.99)).toBe(29900n);
    expect(() => parseRatePercent('6.99999')).toThrow();
  });
});

describe('buildSchedule', () => {
  it('splits 25,000 at 6.99% over 36 months into whole cents that sum to the total', () => {
    const schedule = buildSchedule(2_500_000n, 69900n, 36, '2026-01-31');
    expect(schedule).toHaveLength(36);
    // First month's interest: 25,000 x 0.005825 = 145.625 -> 145.63; principal 771.81 - 145.63.
    expect(schedule[0]).toEqual({ number: 1, dueDate: '2026-02-28', principalMinor: 62_618n, interestMinor: 14_563n, amountMinor: 77_181n });
    expect(schedule.slice(0, 35).every((i) => i.amountMinor === 77_181n)).toBe(true);
    const sum = (pick: (i: (typeof schedule)[number]) => bigint) => schedule.reduce((acc, i) => acc + pick(i), 0n);
    expect(sum((i) => i.amountMinor)).toBe(2_778_527n);
    expect(sum((i) => i.principalMinor)).toBe(2_500_000n);
    expect(sum((i) => i.interestMinor)).toBe(278_527n);
    expect(schedule[35].amountMinor).toBe(2_778_527n - 35n * 77_181n);
    expect(schedule[35].dueDate).toBe('2029-01-31');
  });

  it('always sums exactly and never splits an instalment into a negative part (property check)', () => {
    let seed = 12345;
    const next = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % max;
    };
    for (let run = 0; run < 60; run++) {
      // The bank's range: $1,000 to $1,000,000, 0% to 15% a year, 12 to 360 months.
      const principalMinor = BigInt(100_000 + next(99_900_000));
      const rateScaled = BigInt(next(150_001));
      const term = 12 + next(349);
      const figures = loanFiguresMinor(principalMinor, rateScaled, term);
      const schedule = buildSchedule(principalMinor, rateScaled, term, '2026-03-15');
      expect(schedule).toHaveLength(term);
      let total = 0n;
      let principal = 0n;
      for (const i of schedule) {
        expect(i.principalMinor >= 0n && i.interestMinor >= 0n).toBe(true);
        expect(i.amountMinor).toBe(i.principalMinor + i.interestMinor);
        total += i.amountMinor;
        principal += i.principalMinor;
      }
      expect(total).toBe(figures.totalMinor);
      expect(principal).toBe(principalMinor);
      // The last instalment absorbs the rounding of every payment before it: here less than a cent a month.
      const diff = schedule[term - 1].amountMinor - figures.monthlyPaymentMinor;
      expect((diff < 0n ? -diff : diff) <= BigInt(term)).toBe(true);
    }
  });
});

describe('addMonthsIso', () => {
  it('keeps the day, clamped to the end of shorter months', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsIso('2026-11-15', 3)).toBe('2027-02-15');
  });
});
