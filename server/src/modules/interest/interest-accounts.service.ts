import { moneySchema } from '../../common/route-schemas';
import { minorToDecimal } from '@strongroom/shared';
import { businessDateOf } from '../../common/business-date';
import { notFound } from '../../common/app-error';
import type { Queryable } from '../../common/sql';
import { accruedMajor } from './end-of-day.views';
import { accountAccrual, interestPaidSince, latestInterestPostings, tiersOn } from './interest-accounts.queries';

/** How many of an account's latest interest payments the console shows. */
export const LATEST_POSTINGS = 12;

/**
 * An account's interest as staff read it (docs/decisions/0063-interest.md): what it has accrued and not been paid
 * (exact, and rounded down as a payment would pay it), the last date accrued and the last month-end paid, the rates
 * that applied since the last payment, the schedule in force today (a term deposit's locked rate), what was paid
 * this calendar year in the bank's time zone, and the latest payments. A missing account answers 404.
 */
export async function staffAccountInterest(db: Queryable, accountId: string, zone: string, now: Date) {
  const account = await accountAccrual(db, accountId);
  if (!account) throw notFound('Account not found');
  const today = businessDateOf(now, zone);
  const year = today.slice(0, 4);
  const money = (minor: string | bigint) => minorToDecimal(minor, account.currency);
  const isTermDeposit = account.product === 'fixed_deposit';
  const [tiers, paidMinor, postings] = await Promise.all([
    account.interest_bearing && !isTermDeposit ? tiersOn(db, account.product, today) : Promise.resolve([]),
    interestPaidSince(db, account, `${year}-01-01`, zone),
    latestInterestPostings(db, account, LATEST_POSTINGS),
  ]);
  const accruedMinor = account.accrued_minor ?? '0.0000000000';
  return {
    accountId: account.id,
    number: account.number,
    product: account.product,
    currency: account.currency,
    status: account.status,
    earnsInterest: account.interest_bearing,
    dayCount: account.day_count,
    accruedMinor,
    accrued: accruedMajor(accruedMinor, account.currency),
    accruedThrough: account.accrued_through,
    postedThrough: account.posted_through,
    ratesApplied: account.rate_low === null ? null : { lowPercent: account.rate_low, highPercent: account.rate_high ?? account.rate_low },
    ratesInForce: isTermDeposit
      ? account.locked_rate === null
        ? []
        : [{ from: money(0n), to: null, ratePercent: account.locked_rate }]
      : tiers.map((t) => ({ from: money(t.from_minor), to: t.to_minor === null ? null : money(BigInt(t.to_minor) - 1n), ratePercent: t.rate_percent })),
    asOf: today,
    paidThisYear: money(paidMinor),
    lastPostings: postings.map((p) => ({
      reference: p.reference,
      description: p.description,
      amount: money(p.amount_minor),
      period: p.period,
      valueDate: p.value_date,
      paidAt: new Date(p.created_at).toISOString(),
    })),
  };
}

export const accountInterestSchema = {
  type: 'object',
  required: [
    'accountId',
    'number',
    'product',
    'currency',
    'earnsInterest',
    'accruedMinor',
    'accrued',
    'accruedThrough',
    'postedThrough',
    'ratesApplied',
    'ratesInForce',
    'paidThisYear',
    'lastPostings',
  ],
  properties: {
    accountId: { type: 'string', format: 'uuid' },
    number: { type: 'string' },
    product: { type: 'string' },
    currency: { type: 'string' },
    status: { type: 'string' },
    earnsInterest: { type: 'boolean' },
    dayCount: { type: 'string' },
    accruedMinor: { type: 'string', pattern: '^\\d+\\.\\d{10}$', examples: ['1234.5678901234'], description: 'Accrued and not paid, in minor units to 10 decimal places' },
    accrued: { ...moneySchema, description: 'Accrued and not paid, rounded down to the minor unit' },
    accruedThrough: { type: ['string', 'null'], format: 'date' },
    postedThrough: { type: ['string', 'null'], format: 'date', description: 'The month end interest was last paid for' },
    ratesApplied: {
      type: ['object', 'null'],
      description: 'The lowest and highest rate applied since the last payment',
      properties: { lowPercent: { type: 'string' }, highPercent: { type: 'string' } },
    },
    ratesInForce: {
      type: 'array',
      items: { type: 'object', properties: { from: { type: 'string' }, to: { type: ['string', 'null'] }, ratePercent: { type: 'string' } } },
    },
    asOf: { type: 'string', format: 'date' },
    paidThisYear: moneySchema,
    lastPostings: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          reference: { type: 'string' },
          description: { type: 'string' },
          amount: moneySchema,
          period: { type: ['string', 'null'] },
          valueDate: { type: ['string', 'null'], format: 'date' },
          paidAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};
