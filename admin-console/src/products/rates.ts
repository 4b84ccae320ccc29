// Deposit products and their rates as the console reads them (GET /v1/admin/products, docs/decisions/0063-interest.md).
import type { ApiPaths } from '@strongroom/shared';

export type ProductRecord = ApiPaths['/v1/admin/products/{code}']['get']['responses'][200]['content']['application/json'];
export type TierRecord = ProductRecord['tiers'][number];
export type RateChangeRecord = ProductRecord['history'][number];

/** A schedule in a table cell: '1.50%', or '1.50%, 2.25% from 10000.00'. */
export const scheduleText = (tiers: TierRecord[] | null | undefined) =>
  !tiers || tiers.length === 0 ? '—' : tiers.map((tier, i) => (i === 0 ? `${tier.ratePercent}%` : `${tier.ratePercent}% from ${tier.from}`)).join(', ');

/** What a product earns today, in one line. */
export function ratesToday(product: Pick<ProductRecord, 'interestBearing' | 'tiers' | 'terms'>): string {
  if (!product.interestBearing) return 'No interest';
  if (product.terms.length > 0) return product.terms.map((term) => `${term.termMonths} m: ${term.ratePercent}%`).join(' · ');
  return scheduleText(product.tiers);
}

export const termLabel = (termMonths: number) => (termMonths === 0 ? 'All balances' : `${termMonths} months`);
