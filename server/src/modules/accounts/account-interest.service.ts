import { minorToDecimal } from '@strongroom/shared';
import { businessDateOf } from '../../common/business-date';
import type { Queryable } from '../../common/sql';
import { accrualOf, depositProductOf, interestPaidSince, latestInterestPayments, termDepositOf, tiersInForce, type RateTierRow, type TermDepositRow } from './account-interest.queries';
import type { HeldAccountRow } from './accounts.queries';

/** How many of the latest interest payments an account's interest shows. */
export const LATEST_PAYMENTS = 6;

export interface RateBand {
  from: string;
  to: string | null;
  ratePercent: string;
}

/** What an account earns (docs/decisions/0063-interest.md), as its holders see it (account-interest.routes.ts). */
export type AccountInterest =
  | { accountId: string; product: string; currency: string; earnsInterest: false }
  | {
      accountId: string;
      product: string;
      currency: string;
      earnsInterest: true;
      productName: string;
      dayCount: string;
      paidOn: 'monthly' | 'maturity';
      asOf: string;
      rates: RateBand[];
      currentRate: RateBand | null;
      accrued: string;
      accruedExact: string;
      accruedThrough: string | null;
      paidThisYear: string;
      year: number;
      lastPayments: { reference: string; amount: string; description: string; period: string | null; paidAt: string }[];
      termDeposit: {
        principal: string;
        termMonths: number;
        ratePercent: string;
        startDate: string;
        maturityDate: string;
        renew: boolean;
        status: string;
      } | null;
    };

/**
 * Interest kept to 10 decimal places of a minor unit ('1234.5678901234'), in major units to 12 ('12.345678901234'):
 * every currency the bank keeps has two decimals.
 */
export function exactMajor(accruedMinor: string): string {
  const [whole, fraction = ''] = accruedMinor.split('.');
  const minor = BigInt(whole);
  const cents = (minor % 100n).toString().padStart(2, '0');
  return `${minor / 100n}.${cents}${fraction.padEnd(10, '0')}`;
}

/** The whole minor units of an accrual: what a posting would pay of it (rounded down, as post_interest does). */
const wholeMinor = (accruedMinor: string): bigint => BigInt(accruedMinor.split('.')[0]);

function bandsOf(tiers: RateTierRow[], currency: string): RateBand[] {
  return tiers.map((t) => ({ from: minorToDecimal(t.from_minor, currency), to: t.to_minor === null ? null : minorToDecimal(BigInt(t.to_minor) - 1n, currency), ratePercent: t.rate_percent }));
}

/** The tier the balance's last part falls in (its marginal rate); an empty account is in the first. */
function bandOf(tiers: RateTierRow[], bands: RateBand[], balanceMinor: bigint): RateBand | null {
  let found: RateBand | null = bands[0] ?? null;
  tiers.forEach((t, i) => {
    if (BigInt(t.from_minor) < balanceMinor) found = bands[i];
  });
  return found;
}

function termDepositView(deposit: TermDepositRow, currency: string) {
  return {
    principal: minorToDecimal(deposit.principal_minor, currency),
    termMonths: deposit.term_months,
    ratePercent: deposit.rate_percent,
    startDate: deposit.start_date,
    maturityDate: deposit.maturity_date,
    renew: deposit.renew,
    status: deposit.status,
  };
}

/**
 * What the account earns today: its product and day count, the rates in force (a savings account's tiers, a term
 * deposit's locked rate), the band its balance is in, what it has accrued and not been paid, and what was paid this
 * calendar year in the bank's time zone `zone`, with the latest payments.
 */
export async function accountInterest(db: Queryable, account: HeldAccountRow, zone: string, now = new Date()): Promise<AccountInterest> {
  const base = { accountId: account.id, product: account.product, currency: account.currency };
  const product = await depositProductOf(db, account.product);
  if (!product?.interest_bearing) return { ...base, earnsInterest: false };
  const today = businessDateOf(now, zone);
  const year = Number(today.slice(0, 4));
  const ledger = { ledgerAccountId: account.ledger_account_id, ownerId: account.customer_id };
  const deposit = account.product === 'fixed_deposit' ? await termDepositOf(db, account.id) : undefined;
  const [tiers, accrual, paidMinor, payments] = await Promise.all([
    deposit
      ? Promise.resolve<RateTierRow[]>([{ from_minor: '0', to_minor: null, rate_percent: deposit.rate_percent }])
      : account.product === 'fixed_deposit'
        ? Promise.resolve([])
        : tiersInForce(db, account.product, today),
    accrualOf(db, account.id),
    interestPaidSince(db, ledger, year, zone),
    latestInterestPayments(db, ledger, LATEST_PAYMENTS),
  ]);
  const bands = bandsOf(tiers, account.currency);
  const accruedMinor = accrual?.accrued_minor ?? '0';
  return {
    ...base,
    earnsInterest: true,
    productName: product.name,
    dayCount: product.day_count,
    paidOn: account.product === 'fixed_deposit' ? 'maturity' : 'monthly',
    asOf: today,
    rates: bands,
    currentRate: bandOf(tiers, bands, BigInt(account.balance_minor)),
    accrued: minorToDecimal(wholeMinor(accruedMinor), account.currency),
    accruedExact: exactMajor(accruedMinor),
    accruedThrough: accrual?.accrued_through ?? null,
    paidThisYear: minorToDecimal(paidMinor, account.currency),
    year,
    lastPayments: payments.map((p) => ({
      reference: p.reference,
      amount: minorToDecimal(p.amount_minor, account.currency),
      description: p.description,
      period: p.period,
      paidAt: new Date(p.created_at).toISOString(),
    })),
    termDeposit: deposit ? termDepositView(deposit, account.currency) : null,
  };
}
