// The one money implementation. Amounts are BigInt minor units in code and BIGINT in PostgreSQL,
// decimal strings with exactly two decimals on the wire. Never a JavaScript float.
import { CURRENCY_SYMBOLS, INTERNATIONAL_FEE } from './constants';

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

/** ISO 4217 exponents of the currencies we handle; anything else has 2. */
export const CURRENCY_EXPONENT: Readonly<Record<string, number>> = { JPY: 0 };
/** 10^15 minor units: far above any retail balance, far below 2^63, so sums of many cannot overflow BIGINT. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;
const WIRE_DECIMALS = 2;

export function currencyExponent(currency: string): number {
  return CURRENCY_EXPONENT[currency] ?? 2;
}

function assertMinor(minor: bigint, what = 'Amount'): bigint {
  if (minor > MAX_AMOUNT_MINOR || minor < -MAX_AMOUNT_MINOR) throw new MoneyError(`${what} is too large`);
  return minor;
}

/**
 * Parses a decimal amount ("12", "12.5", "1250.00") into minor units of `currency`.
 * Refuses negatives, signs, exponents, grouping commas, blanks and more precision than the currency has
 * (trailing zeros beyond it are fine, since the wire always carries two decimals: "1500.00" JPY is 1500).
 */
export function parseAmountToMinor(value: string | number | bigint, currency: string): bigint {
  let text: string;
  if (typeof value === 'bigint') throw new MoneyError('Amount must be a decimal string');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyError('Amount must be a number');
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new MoneyError('Amount must be a number');
  }
  const match = /^(\d{1,16})(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) throw new MoneyError('Amount must be a number');
  const exponent = currencyExponent(currency);
  const [, whole, fraction = ''] = match;
  const significant = fraction.slice(0, exponent);
  const rest = fraction.slice(exponent);
  if (/[^0]/.test(rest)) throw new MoneyError(`Amount can have at most ${exponent} decimal places`);
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(significant.padEnd(exponent, '0') || '0');
  return assertMinor(minor);
}

/**
 * Minor units to the wire format: a decimal string with exactly two decimals ("-12.50", "1500.00"), by moving the
 * decimal point in the integer's digits. PostgreSQL's BIGINT reaches us as text in every row, so no BigInt is made
 * for it: a page of the transaction list formats three amounts a row.
 */
export function minorToDecimal(minor: bigint | string | number, currency: string): string {
  const exponent = currencyExponent(currency);
  const match = MINOR_TEXT.exec(minorText(minor));
  if (!match) throw new MoneyError('Minor units must be an integer');
  const [, minus, written] = match;
  // Leading zeros dropped, one digit kept ("007" is 7, "000" is 0); a pattern of its own, so that neither backtracks.
  const digits = written.length > 1 && written.charCodeAt(0) === 48 ? written.replace(/^0+(?=\d)/, '') : written;
  const padded = digits.length > exponent ? digits : digits.padStart(exponent + 1, '0');
  const point = padded.length - exponent;
  const sign = minus && digits !== '0' ? '-' : '';
  return `${sign}${padded.slice(0, point)}.${padded.slice(point).padEnd(WIRE_DECIMALS, '0')}`;
}

/** A sign, then digits. */
const MINOR_TEXT = /^(-?)(\d+)$/;

function minorText(value: bigint | string | number): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw new MoneyError('Minor units must be a safe integer');
}

export function currencySymbol(currency: string): string | undefined {
  return CURRENCY_SYMBOLS[currency];
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface FormatMoneyOptions {
  /** 'credit' prefixes +, 'debit' prefixes - ; otherwise only negatives get a sign. */
  sign?: 'credit' | 'debit';
}

/**
 * Formats money for people: US grouping, exactly two decimals, the product's currency symbol or the code.
 * `amount` is minor units when a bigint, a wire decimal string when a string.
 */
export function formatMoney(amount: bigint | string, currency: string, opts: FormatMoneyOptions = {}): string {
  const decimal = typeof amount === 'bigint' ? minorToDecimal(amount, currency) : normaliseDecimal(amount);
  const negative = decimal.startsWith('-');
  const [whole, fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const body = `${groupThousands(whole)}.${fraction}`;
  const symbol = currencySymbol(currency);
  const withCurrency = symbol ? `${symbol}${body}` : `${currency} ${body}`;
  let sign = negative ? '-' : '';
  if (opts.sign === 'debit') sign = '-';
  if (opts.sign === 'credit') sign = '+';
  return `${sign}${withCurrency}`;
}

function normaliseDecimal(text: string): string {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new MoneyError('Amount must be a decimal string');
  const [, minus = '', whole, fraction = ''] = match;
  if (fraction.length > WIRE_DECIMALS && /[^0]/.test(fraction.slice(WIRE_DECIMALS))) {
    throw new MoneyError('Amount has more than two decimals');
  }
  return `${minus}${BigInt(whole).toString()}.${fraction.slice(0, WIRE_DECIMALS).padEnd(WIRE_DECIMALS, '0')}`;
}

export function addMinor(a: bigint, b: bigint): bigint {
  return assertMinor(a + b, 'Sum');
}

export function subMinor(a: bigint, b: bigint): bigint {
  return assertMinor(a - b, 'Difference');
}

/** Divides with round-half-up (away from zero for halves), the rule a customer expects on a receipt. */
function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new MoneyError('Denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const q = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -q : q;
}

/** `basisPoints` of `minor` (100 bp = 1%), rounded half up to the minor unit. */
export function percentOfMinor(minor: bigint, basisPoints: number): bigint {
  if (!Number.isInteger(basisPoints) || basisPoints < 0) throw new MoneyError('Basis points must be a non-negative integer');
  return assertMinor(divRoundHalfUp(minor * BigInt(basisPoints), 10_000n));
}

/** International fee (docs/decisions/0004): the higher of 15.00 and 1% of the amount, in the amount's currency. */
export function internationalFeeMinor(amountMinor: bigint, currency: string): bigint {
  if (amountMinor < 0n) throw new MoneyError('Amount must not be negative');
  const floor = parseAmountToMinor(INTERNATIONAL_FEE.min, currency);
  const percent = percentOfMinor(amountMinor, INTERNATIONAL_FEE.basisPoints);
  return percent > floor ? percent : floor;
}

const RATE_SCALE_DIGITS = 8;

/** Parses an FX rate ("1.0845", up to 8 decimals, positive) into an integer scaled by 10^8. */
export function parseRate(rate: string): bigint {
  const match = /^(\d{1,10})(?:\.(\d{1,8}))?$/.exec(rate.trim());
  if (!match) throw new MoneyError('Rate must be a positive decimal with at most 8 decimals');
  const scaled = BigInt(match[1]) * 10n ** BigInt(RATE_SCALE_DIGITS) + BigInt((match[2] ?? '').padEnd(RATE_SCALE_DIGITS, '0'));
  if (scaled <= 0n) throw new MoneyError('Rate must be positive');
  return scaled;
}

/** An FX rate for people: `digits` decimals, half up, no float ('1.087' -> '1.0870', '0.92345678' -> '0.9235'). */
export function formatRate(rate: string, digits = 4): string {
  const scaled = parseRate(rate);
  const drop = 10n ** BigInt(RATE_SCALE_DIGITS - digits);
  const rounded = (scaled + drop / 2n) / drop;
  const unit = 10n ** BigInt(digits);
  return `${rounded / unit}.${(rounded % unit).toString().padStart(digits, '0')}`;
}

/** An FX rate as a sentence: '1 EUR = 1.0870 USD' (units of `quote` per one `base`). */
export function describeRate(base: string, rate: string, quote: string): string {
  return `1 ${base} = ${formatRate(rate)} ${quote}`;
}

/** Converts minor units of `from` into minor units of `to` at `rate` (units of `to` per unit of `from`), half up. */
export function convertMinor(amountMinor: bigint, from: string, to: string, rate: string): bigint {
  const scaledRate = parseRate(rate);
  const numerator = amountMinor * scaledRate * 10n ** BigInt(currencyExponent(to));
  const denominator = 10n ** BigInt(RATE_SCALE_DIGITS + currencyExponent(from));
  return assertMinor(divRoundHalfUp(numerator, denominator));
}

/** For display-only arithmetic (charts): minor units as a JS number of major units. Never feed back into money. */
export function minorToDisplayNumber(minor: bigint | string, currency: string): number {
  return Number(minorToDecimal(typeof minor === 'string' ? BigInt(minor) : minor, currency));
}
