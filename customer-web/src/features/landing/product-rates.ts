// The published deposit rates (GET /v1/products, docs/decisions/0063-interest.md) in the words the pages show them.
import type { ApiPaths } from '@strongroom/shared';

export type ProductDto = ApiPaths['/v1/products']['get']['responses'][200]['content']['application/json']['items'][number];
export type TierDto = ProductDto['tiers'][number];

/** A threshold as people read it: '10000.00' -> '10,000'. Thresholds apply in the account's own currency. */
export function thresholdWords(from: string): string {
  const [whole, fraction] = from.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction && fraction !== '00' ? `${grouped}.${fraction}` : grouped;
}

/** One line per tier: '1.50% a year', or '1.50% a year up to 10,000' and '2.25% a year on the part above 10,000'. */
export function tierLines(tiers: TierDto[]): string[] {
  if (tiers.length === 1) return [`${tiers[0].ratePercent}% a year`];
  return tiers.map((tier, i) =>
    i === 0 ? `${tier.ratePercent}% a year on balances up to ${thresholdWords(tiers[1].from)}` : `${tier.ratePercent}% a year on the part of a balance above ${thresholdWords(tier.from)}`,
  );
}

/** The next change of the product's rates already decided, in words, if there is one. */
export function nextChangeWords(product: ProductDto): string | null {
  const next = product.scheduled[0];
  if (!next) return null;
  const rates = next.termMonths ? `${next.tiers[0]?.ratePercent}% a year for ${next.termMonths} months` : tierLines(next.tiers).join('; ');
  return `From ${next.effectiveFrom}: ${rates}`;
}
