import * as yup from 'yup';
import { isRealIsoDate, strictObject, text } from './common';

// Deposit products and the rates staff set for them (docs/decisions/0063-interest.md): one schema for the console's
// "Change rates" form and the server's POST /v1/admin/rate-changes.

/** The account products of the catalogue (deposit_products). */
export const DEPOSIT_PRODUCTS = ['checking', 'savings', 'business', 'fixed_deposit'] as const;
export type DepositProduct = (typeof DEPOSIT_PRODUCTS)[number];

/** The terms a term deposit may run for, in months; a savings schedule is term 0. */
export const DEPOSIT_TERMS_MONTHS = [3, 6, 12, 24] as const;
export const RATE_CHANGE_TERMS_MONTHS = [0, ...DEPOSIT_TERMS_MONTHS] as const;

/** A yearly rate in percent: 0 up to (not including) 100, at most 4 decimals ('2.1', '2.1000'). */
export const RATE_PERCENT_RE = /^\d{1,2}(\.\d{1,4})?$/;
/** A tier's threshold: an amount with at most two decimals (thresholds apply in the account's currency). */
export const TIER_FROM_RE = /^\d{1,13}(\.\d{1,2})?$/;

/** A threshold as minor units: every currency an account may hold has two decimals. */
export function tierFromMinor(from: string): bigint {
  const [whole, fraction = ''] = from.trim().split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Minor units of a threshold as the wire's decimal string ('1000000' -> '10000.00'). */
export function tierFromText(fromMinor: string | bigint): string {
  const minor = BigInt(fromMinor);
  return `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
}

/** A rate as people read it: '2.1000' -> '2.10%', '3.1250' -> '3.125%'. */
export function formatRatePercent(rate: string): string {
  const [whole, fraction = ''] = rate.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${BigInt(whole || '0').toString()}.${kept}%`;
}

const tierSchema = strictObject({
  from: text().required('Each tier needs the balance it starts from').matches(TIER_FROM_RE, 'A tier starts from an amount such as 10000.00'),
  ratePercent: text().required('Each tier needs a rate').matches(RATE_PERCENT_RE, 'A rate is a percentage from 0 to below 100, with at most 4 decimals, such as 2.10'),
});

const reasonMessage = 'Please give a reason for the change';

/** POST /v1/admin/rate-changes: a product's new schedule (a term deposit term's one rate) from a date. */
export const rateChangeSchema = strictObject({
  product: text()
    .required('Please choose a product')
    .oneOf([...DEPOSIT_PRODUCTS], 'Please choose a product'),
  termMonths: yup
    .number()
    .typeError('Term must be a number of months')
    .required('Term is required')
    .oneOf([...RATE_CHANGE_TERMS_MONTHS], 'Term must be 0 (savings) or 3, 6, 12 or 24 months')
    .test('term', 'A term deposit rate needs a term of 3, 6, 12 or 24 months; other products use 0', function check(value) {
      const product = this.parent?.product as string | undefined;
      if (value === undefined || !product) return true;
      return product === 'fixed_deposit' ? value !== 0 : value === 0;
    }),
  effectiveFrom: text()
    .required('Please give the date the rates apply from')
    .test('date', 'Effective date must be a date such as 2027-01-01', (value) => value === undefined || isRealIsoDate(value)),
  tiers: yup
    .array()
    .of(tierSchema)
    .typeError('Tiers must be a list')
    .required('Please give at least one rate')
    .min(1, 'Please give at least one rate')
    .max(10, 'At most 10 tiers')
    .test('first', 'The first tier must start from 0.00', (tiers) => !tiers?.length || !TIER_FROM_RE.test(tiers[0]?.from ?? '') || tierFromMinor(tiers[0].from) === 0n)
    .test('ascending', 'Each tier must start above the one before it', (tiers) => {
      if (!tiers || tiers.some((tier) => !TIER_FROM_RE.test(tier?.from ?? ''))) return true;
      return tiers.every((tier, i) => i === 0 || tierFromMinor(tier.from) > tierFromMinor(tiers[i - 1].from));
    })
    .test('one', 'A term deposit term has exactly one rate', function check(tiers) {
      return this.parent?.product !== 'fixed_deposit' || !tiers || tiers.length === 1;
    }),
  reason: text()
    .required(reasonMessage)
    .test('blank', reasonMessage, (value) => value === undefined || value.trim() !== '')
    .max(200, 'Reason must be at most 200 characters'),
});

export type RateChangeInput = yup.InferType<typeof rateChangeSchema>;
