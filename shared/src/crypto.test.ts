import { ValidationError } from 'yup';
import { formatUnits, parseUnits, unitsValueCents } from './crypto';
import { cryptoBuySchema, cryptoSellSchema } from './schemas/crypto.schema';
import { validationErrors } from './schemas/common';

function errorsOf(schema: { validateSync: (v: unknown, o: object) => unknown }, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false, strict: true });
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return validationErrors(err);
    throw err;
  }
}

describe('crypto units', () => {
  it('parses decimal quantities into integer units of the asset', () => {
    expect(parseUnits('0.015', 8)).toBe(1_500_000n);
    expect(parseUnits('2', 9)).toBe(2_000_000_000n);
    expect(parseUnits('0.000001', 6)).toBe(1n);
    expect(parseUnits('1.5000000000', 6)).toBe(1_500_000n);
    expect(() => parseUnits('0.0000001', 6)).toThrow('at most 6 decimal places');
    for (const bad of ['-1', '1e-6', '1,000', '', ' . ', '0x10']) expect(() => parseUnits(bad, 8)).toThrow();
  });

  it('formats units without trailing zeros', () => {
    expect(formatUnits(1_500_000n, 8)).toBe('0.015');
    expect(formatUnits(0n, 8)).toBe('0');
    expect(formatUnits(2_000_000_000n, 9)).toBe('2');
    expect(formatUnits('123', 6)).toBe('0.000123');
  });

  it('values units at a reference price in cents, rounded half up', () => {
    // 0.015 BTC at $64,250.00 = $963.75
    expect(unitsValueCents(1_500_000n, 8, 6_425_000n)).toBe(96_375n);
    // 1 unit of 10^-8 at $64,250: 0.06425 cents -> 0
    expect(unitsValueCents(1n, 8, 6_425_000n)).toBe(0n);
    // 0.5 USDT at $1.00 = 50 cents; 0.005 USDT = 0.5 cents -> 1
    expect(unitsValueCents(5_000n, 6, 100n)).toBe(1n);
  });
});

describe('crypto forms', () => {
  it('buy: the spec messages', () => {
    expect(errorsOf(cryptoBuySchema, { crypto: 'BTC', amount: '0.015' })).toEqual({});
    expect(errorsOf(cryptoBuySchema, { crypto: '', amount: '0' })).toEqual({ crypto: 'Please select a cryptocurrency', amount: 'Amount must be greater than 0' });
    expect(errorsOf(cryptoBuySchema, { crypto: 'BTC', amount: '0.0000001' })).toEqual({ amount: 'Amount can have at most 6 decimal places' });
    expect(errorsOf(cryptoBuySchema, { crypto: 'BTC', amount: '1000000.000001' })).toEqual({ amount: 'Amount must be at most 1,000,000' });
    expect(errorsOf(cryptoBuySchema, { crypto: 'BTC', amount: '1', icon: 'btc' })).toEqual({ icon: 'Unknown field: icon' });
  });

  it('sell: address and network', () => {
    const sale = { crypto: 'ETH', amount: '0.5', address: '0xAbC0000000000000000000000000000000000001', network: 'Ethereum (ERC-20)' };
    expect(errorsOf(cryptoSellSchema, sale)).toEqual({});
    expect(errorsOf(cryptoSellSchema, { ...sale, address: 'short', network: '' })).toEqual({ address: 'Wallet address is required', network: 'Network is required' });
    expect(errorsOf(cryptoSellSchema, { ...sale, address: '0xabc def 0123' })).toEqual({ address: 'Enter a valid wallet address (letters and digits only)' });
  });
});
