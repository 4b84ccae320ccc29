// The loan calculator and repayment schedule, shared by the customer page and the server so both show the
// same figures. Money is BigInt minor units; the annual rate is a decimal percentage ("6.99") kept exact as
// an integer scaled by 10^4, so the amortisation formula is evaluated as an exact fraction and rounded once.
import { CALCULATOR_DEFAULTS, DEFAULT_LOAN_RATE, LOAN_RATES } from './constants';
import { MoneyError, minorToDecimal, parseAmountToMinor } from './money';

export type LoanType = keyof typeof LOAN_RATES;

const RATE_DECIMALS = 4;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
/** Percent to a fraction (100) times months in a year (12): monthly rate = annual / 100 / 12. */
const MONTHLY_DIVISOR = 1200n;
export const MAX_TERM_MONTHS = 600;

/** The annual rate of a loan type as a decimal string; unknown types get the default rate. */
export function loanRateFor(loanType: string | null | undefined): string {
  const rate = loanType && Object.prototype.hasOwnProperty.call(LOAN_RATES, loanType) ? LOAN_RATES[loanType as LoanType] : DEFAULT_LOAN_RATE;
  return rate.toFixed(2);
}

/** A percentage ("6.99", 6.99) as an integer scaled by 10^4; refuses negatives and more than 4 decimals. */
export function parseRatePercent(value: string | number): bigint {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) throw new MoneyError('Interest rate must be a percentage');
  return BigInt(match[1]) * RATE_SCALE + BigInt((match[2] ?? '').padEnd(RATE_DECIMALS, '0'));
}

/** numerator / denominator rounded half up (both positive). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * The level payment of standard amortisation as an exact fraction of minor units:
 * P * r * (1 + r)^n / ((1 + r)^n - 1), with r = rate / 1200 written as rateScaled / (1200 * 10^4).
 * With a zero rate the payment is P / n.
 */
function exactPayment(principalMinor: bigint, rateScaled: bigint, termMonths: number): { numerator: bigint; denominator: bigint } {
  const n = BigInt(termMonths);
  if (rateScaled === 0n) return { numerator: principalMinor, denominator: n };
  const base = MONTHLY_DIVISOR * RATE_SCALE;
  const grown = (base + rateScaled) ** n;
  const start = base ** n;
  return { numerator: principalMinor * rateScaled * grown, denominator: base * (grown - start) };
}

export interface LoanFigures {
  /** The rounded monthly payment (principal and interest). */
  monthlyPaymentMinor: bigint;
  /** payment x months, from the unrounded payment, rounded once. */
  totalMinor: bigint;
  totalInterestMinor: bigint;
}

/** Amortisation in minor units; all zero when the amount or the term is zero. */
export function loanFiguresMinor(principalMinor: bigint, rateScaled: bigint, termMonths: number): LoanFigures {
  if (principalMinor <= 0n || !Number.isInteger(termMonths) || termMonths <= 0) return { monthlyPaymentMinor: 0n, totalMinor: 0n, totalInterestMinor: 0n };
  if (termMonths > MAX_TERM_MONTHS) throw new MoneyError(`Term must be at most ${MAX_TERM_MONTHS} months`);
  const { numerator, denominator } = exactPayment(principalMinor, rateScaled, termMonths);
  const monthlyPaymentMinor = divideHalfUp(numerator, denominator);
  const totalMinor = divideHalfUp(numerator * BigInt(termMonths), denominator);
  return { monthlyPaymentMinor, totalMinor, totalInterestMinor: totalMinor - principalMinor };
}

export interface CalculatorInput {
  amount: string | number | null | undefined;
  ratePct: string | number | null | undefined;
  termMonths: string | number | null | undefined;
}

/** The calculator's four figures as decimal strings with two decimals. */
export interface CalculatorResult {
  monthlyPayment: string;
  principalAndInterest: string;
  totalInterest: string;
  totalAmount: string;
}

const ZERO_RESULT: CalculatorResult = { monthlyPayment: '0.00', principalAndInterest: '0.00', totalInterest: '0.00', totalAmount: '0.00' };

/**
 * The loan calculator as the page shows it: 0 for every figure when the amount or the term is empty or zero
 * (or unreadable), otherwise standard amortisation in USD cents.
 */
export function calculateLoan(input: CalculatorInput, currency = 'USD'): CalculatorResult {
  const { amount, ratePct, termMonths } = input;
  if (!amount || !termMonths) return ZERO_RESULT;
  try {
    const principalMinor = parseAmountToMinor(amount, currency);
    const rateScaled = ratePct === null || ratePct === undefined || ratePct === '' ? 0n : parseRatePercent(ratePct);
    const term = Number(termMonths);
    if (!Number.isInteger(term) || term <= 0 || term > MAX_TERM_MONTHS) return ZERO_RESULT;
    const figures = loanFiguresMinor(principalMinor, rateScaled, term);
    const payment = minorToDecimal(figures.monthlyPaymentMinor, currency);
    return {
      monthlyPayment: payment,
      principalAndInterest: payment,
      totalInterest: minorToDecimal(figures.totalInterestMinor, currency),
      totalAmount: minorToDecimal(figures.totalMinor, currency),
    };
  } catch (err) {
    if (err instanceof MoneyError) return ZERO_RESULT;
    throw err;
  }
}

export const CALCULATOR_INITIAL = {
  amount: String(CALCULATOR_DEFAULTS.amount),
  ratePct: CALCULATOR_DEFAULTS.ratePct.toFixed(2),
  termMonths: String(CALCULATOR_DEFAULTS.termMonths),
} as const;

export interface ScheduledInstalment {
  /** 1-based. */
  number: number;
  /** ISO date (YYYY-MM-DD). */
  dueDate: string;
  principalMinor: bigint;
  interestMinor: bigint;
  amountMinor: bigint;
}

/** The same day `months` later in UTC, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsIso(startIso: string, months: number): string {
  const [year, month, day] = startIso.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Interest paid by the end of each month, exact amortisation, rounded half up: index k is months 1..k.
 * The balance after k months is P (g^n - g^k) / (g^n - 1) with g = 1 + r, so the principal repaid is
 * P (g^k - 1) / (g^n - 1) and the interest is k times the exact payment minus that.
 */
function cumulativeInterestMinor(principalMinor: bigint, rateScaled: bigint, termMonths: number): bigint[] {
  const cumulative: bigint[] = [0n];
  if (rateScaled === 0n) return Array.from({ length: termMonths + 1 }, () => 0n);
  const base = MONTHLY_DIVISOR * RATE_SCALE;
  const grown = base + rateScaled;
  const n = BigInt(termMonths);
  const grownN = grown ** n;
  const denominator = base * (grownN - base ** n);
  const basePowers = [1n];
  for (let k = 1; k <= termMonths + 1; k++) basePowers.push(basePowers[k - 1] * base);
  let grownK = 1n;
  for (let k = 1; k <= termMonths; k++) {
    grownK *= grown;
    const paidPrincipal = principalMinor * (grownK - basePowers[k]) * basePowers[termMonths - k + 1];
    const paidTotal = BigInt(k) * principalMinor * rateScaled * grownN;
    cumulative.push(divideHalfUp(paidTotal - paidPrincipal, denominator));
  }
  return cumulative;
}

/**
 * The repayment schedule in whole minor units. Every instalment but the last is the rounded payment; the last
 * is what remains of the total (payment x months), so the instalments sum exactly to principal plus total
 * interest. Each month's interest is the exact amortisation's cumulative interest rounded, minus the month
 * before's, so the interest parts are never negative and also sum exactly; the rest of each instalment is principal.
 */
export function buildSchedule(principalMinor: bigint, rateScaled: bigint, termMonths: number, startIso: string): ScheduledInstalment[] {
  const figures = loanFiguresMinor(principalMinor, rateScaled, termMonths);
  if (figures.totalMinor === 0n) return [];
  const cumulative = cumulativeInterestMinor(principalMinor, rateScaled, termMonths);
  const lastAmountMinor = figures.totalMinor - figures.monthlyPaymentMinor * BigInt(termMonths - 1);
  return Array.from({ length: termMonths }, (_, index) => {
    const number = index + 1;
    const amountMinor = number === termMonths ? lastAmountMinor : figures.monthlyPaymentMinor;
    const interestMinor = cumulative[number] - cumulative[number - 1];
    return { number, dueDate: addMonthsIso(startIso, number), principalMinor: amountMinor - interestMinor, interestMinor, amountMinor };
  });
}
