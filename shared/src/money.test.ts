import fc from 'fast-check';
import {
  MAX_AMOUNT_MINOR,
  MoneyError,
  addMinor,
  convertMinor,
  currencySymbol,
  describeRate,
  formatRate,
  formatMoney,
  internationalFeeMinor,
  minorToDecimal,
  parseAmountToMinor,
  parseRate,
  percentOfMinor,
  subMinor,
} from './money';

describe('parseAmountToMinor', () => {
  it.each([
    ['12', 'USD', 1200n],
    ['12.5', 'USD', 1250n],
    ['12.50', 'USD', 1250n],
    ['0.01', 'USD', 1n],
    [' 7.00 ', 'EUR', 700n],
    ['1500', 'JPY', 1500n],
    ['1500.00', 'JPY', 1500n],
    [19.99, 'USD', 1999n],
  ])('reads %p %s as %p minor units', (input, currency, expected) => {
    expect(parseAmountToMinor(input as string, currency)).toBe(expected);
  });

  it.each(['', ' ', '-1', '+1', '1e5', 'NaN', 'abc', '1,250.00', '12.', '.5', '0x10', '1.2.3'])('refuses %p', (input) => {
    expect(() => parseAmountToMinor(input, 'USD')).toThrow(MoneyError);
  });

  it('refuses more precision than the currency has', () => {
    expect(() => parseAmountToMinor('0.001', 'USD')).toThrow('Amount can have at most 2 decimal places');
    expect(() => parseAmountToMinor('1500.5', 'JPY')).toThrow('Amount can have at most 0 decimal places');
  });

  it('refuses amounts beyond the limit, and non-finite numbers', () => {
    expect(() => parseAmountToMinor('10000000000001', 'USD')).toThrow('Amount is too large');
    expect(parseAmountToMinor('10000000000000', 'USD')).toBe(MAX_AMOUNT_MINOR);
    expect(() => parseAmountToMinor(Infinity, 'USD')).toThrow(MoneyError);
    expect(() => parseAmountToMinor(NaN, 'USD')).toThrow(MoneyError);
    expect(() => parseAmountToMinor(10n as unknown as string, 'USD')).toThrow(MoneyError);
  });
});

describe('minorToDecimal', () => {
  it('always writes two decimals on the wire', () => {
    expect(minorToDecimal(0n, 'USD')).toBe('0.00');
    expect(minorToDecimal(5n, 'USD')).toBe('0.05');
    expect(minorToDecimal(-1250n, 'USD')).toBe('-12.50');
    expect(minorToDecimal('123456789', 'EUR')).toBe('1234567.89');
    expect(minorToDecimal(1500n, 'JPY')).toBe('1500.00');
  });

  it('refuses non-integers', () => {
    expect(() => minorToDecimal('12.5', 'USD')).toThrow(MoneyError);
    expect(() => minorToDecimal(0.5, 'USD')).toThrow(MoneyError);
  });

  it("writes a BIGINT's text as it writes the same value as a BigInt", () => {
    const texts = ['0', '-0', '000', '-000', '7', '-7', '0050', '-0050', '100', '999999999999999', '-1000000000000000'];
    for (const currency of ['USD', 'JPY']) {
      for (const text of texts) expect(minorToDecimal(text, currency)).toBe(minorToDecimal(BigInt(text), currency));
    }
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }), fc.constantFrom('USD', 'JPY', 'EUR'), (minor, currency) => {
        expect(minorToDecimal(minor.toString(), currency)).toBe(minorToDecimal(minor, currency));
        // And both are the value itself: whole units and hundredths by BigInt arithmetic (JPY has no minor unit).
        const scale = currency === 'JPY' ? 1n : 100n;
        const abs = minor < 0n ? -minor : minor;
        const hundredths = currency === 'JPY' ? '00' : (abs % scale).toString().padStart(2, '0');
        expect(minorToDecimal(minor, currency)).toBe(`${minor < 0n ? '-' : ''}${abs / scale}.${hundredths}`);
      }),
      { numRuns: 2000 },
    );
    for (const bad of ['', '-', '+5', '1e3', ' 5', '5 ', '--5', '0x10']) expect(() => minorToDecimal(bad, 'USD')).toThrow(MoneyError);
  });

  it('round-trips with parseAmountToMinor', () => {
    for (const v of ['0.00', '0.01', '9.99', '1000000.10', '999999999.99']) {
      expect(minorToDecimal(parseAmountToMinor(v, 'USD'), 'USD')).toBe(v);
    }
  });
});

describe('formatMoney', () => {
  it("uses US grouping, two decimals and the product's symbols", () => {
    expect(formatMoney('1250', 'USD')).toBe('$1,250.00');
    expect(formatMoney(123456789n, 'USD')).toBe('$1,234,567.89');
    const expected: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', AUD: 'A$', CAD: 'C$', CHF: '₣', CNY: '¥', HKD: 'HK$', JPY: '¥', INR: '₹', RUB: '₽', NGN: '₦' };
    for (const [code, symbol] of Object.entries(expected)) {
      expect(formatMoney('1.5', code)).toBe(`${symbol}1.50`);
      expect(currencySymbol(code)).toBe(symbol);
    }
  });

  it('shows the code for other currencies', () => {
    expect(formatMoney('10', 'SEK')).toBe('SEK 10.00');
  });

  it('signs debits with minus and credits with plus', () => {
    expect(formatMoney('12.00', 'USD', { sign: 'debit' })).toBe('-$12.00');
    expect(formatMoney('3.5', 'EUR', { sign: 'credit' })).toBe('+€3.50');
    expect(formatMoney('-4.00', 'USD')).toBe('-$4.00');
  });

  it('refuses text that is not a decimal', () => {
    expect(() => formatMoney('ten', 'USD')).toThrow(MoneyError);
    expect(() => formatMoney('1.239', 'USD')).toThrow(MoneyError);
  });
});

describe('arithmetic', () => {
  it('guards against overflow', () => {
    expect(addMinor(1n, 2n)).toBe(3n);
    expect(() => addMinor(MAX_AMOUNT_MINOR, 1n)).toThrow('Sum is too large');
    expect(() => subMinor(-MAX_AMOUNT_MINOR, 1n)).toThrow('Difference is too large');
  });

  it('rounds percentages half up to the minor unit', () => {
    expect(percentOfMinor(150n, 100)).toBe(2n); // 1.5 -> 2
    expect(percentOfMinor(149n, 100)).toBe(1n); // 1.49 -> 1
    expect(percentOfMinor(250n, 100)).toBe(3n); // 2.5 -> 3
    expect(percentOfMinor(100000n, 100)).toBe(1000n);
    expect(() => percentOfMinor(1n, 1.5)).toThrow(MoneyError);
    expect(() => percentOfMinor(1n, -1)).toThrow(MoneyError);
  });

  it('charges the higher of 15.00 and 1% for international transfers', () => {
    expect(internationalFeeMinor(parseAmountToMinor('10', 'USD'), 'USD')).toBe(1500n);
    expect(internationalFeeMinor(parseAmountToMinor('1500', 'USD'), 'USD')).toBe(1500n);
    expect(internationalFeeMinor(parseAmountToMinor('2000', 'USD'), 'USD')).toBe(2000n);
    expect(internationalFeeMinor(parseAmountToMinor('1500.50', 'USD'), 'USD')).toBe(1501n);
    expect(() => internationalFeeMinor(-1n, 'USD')).toThrow(MoneyError);
  });

  it('converts between currencies exactly, half up', () => {
    expect(convertMinor(10000n, 'EUR', 'USD', '1.08695652')).toBe(10870n);
    expect(convertMinor(10000n, 'USD', 'JPY', '151.2')).toBe(15120n);
    expect(convertMinor(15120n, 'JPY', 'USD', '0.00661376')).toBe(10000n);
    expect(convertMinor(1n, 'USD', 'EUR', '0.5')).toBe(1n); // 0.5 -> 1
    expect(() => convertMinor(100n, 'USD', 'EUR', '0')).toThrow('Rate must be positive');
    expect(() => parseRate('-1')).toThrow(MoneyError);
    expect(() => parseRate('1.123456789')).toThrow(MoneyError);
  });
});

describe('formatRate / describeRate', () => {
  it('shows four decimals, half up, with the currencies named', () => {
    expect(formatRate('1.087')).toBe('1.0870');
    expect(formatRate('0.92345678')).toBe('0.9235');
    expect(formatRate('0.92344999')).toBe('0.9234');
    expect(formatRate('1')).toBe('1.0000');
    expect(formatRate('149.5')).toBe('149.5000');
    expect(describeRate('EUR', '1.087', 'USD')).toBe('1 EUR = 1.0870 USD');
  });
});
