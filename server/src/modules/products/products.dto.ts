import { formatRatePercent, tierFromText } from '@strongroom/shared';
import type { RateChangeRow, TierRow } from './products.queries';

/** A rate on the wire: at least two decimals, no trailing zeros past them ('1.5000' -> '1.50', '3.1250' -> '3.125'). */
export const ratePercentText = (rate: string) => formatRatePercent(rate).slice(0, -1);

export interface TierDto {
  from: string;
  ratePercent: string;
}
export interface TermRateDto {
  termMonths: number;
  ratePercent: string;
}
export interface ScheduledChangeDto {
  effectiveFrom: string;
  termMonths: number;
  tiers: TierDto[];
}

export const toTierDtos = (tiers: TierRow[] | null): TierDto[] => (tiers ?? []).map((t) => ({ from: tierFromText(t.fromMinor), ratePercent: ratePercentText(t.ratePercent) }));

/** A schedule in words, for people: '1.50%', or '1.50% up to 10000.00; 2.25% on the part of the balance from 10000.00'. */
export function scheduleWords(tiers: TierDto[]): string {
  if (tiers.length === 0) return 'none';
  if (tiers.length === 1) return `${tiers[0].ratePercent}%`;
  return tiers.map((t, i) => (i === 0 ? `${t.ratePercent}% up to ${tiers[1].from}` : `${t.ratePercent}% on the part of the balance from ${t.from}`)).join('; ');
}

/** A schedule in a table cell: '1.50%, 2.25% from 10000.00'. */
export const compactSchedule = (tiers: TierDto[]) => tiers.map((t, i) => (i === 0 ? `${t.ratePercent}%` : `${t.ratePercent}% from ${t.from}`)).join(', ');

/** A rate change as staff read it in the history: the schedule it replaced (old) and its own (new). */
export function toRateChangeDto(r: RateChangeRow) {
  const tiers = toTierDtos(r.tiers);
  const previousTiers = r.previous_tiers ? toTierDtos(r.previous_tiers) : null;
  return {
    id: r.id,
    product: r.product,
    termMonths: r.term_months,
    effectiveFrom: r.effective_from,
    tiers,
    previousTiers,
    summary: `${previousTiers ? compactSchedule(previousTiers) : 'none'} → ${compactSchedule(tiers)}`,
    reason: r.reason,
    changedBy: r.changed_by_email ?? 'system',
    changedAt: new Date(r.changed_at).toISOString(),
  };
}
export type RateChangeDto = ReturnType<typeof toRateChangeDto>;
