import type { DataSource, EntityManager } from 'typeorm';
import { describeRate } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { AppError } from '../../common/app-error';
import { withTransaction } from '../../db/transaction';
import { plainDecimal, recordReferenceChange } from '../reference-data';
import { fxRateNotFound } from './fx.errors';
import { findFxRate, insertSeedRate, rateOf, updateFxRate, type FxRateRow } from './fx.queries';

/** Reference mid rates (units of quote per 1 base), staff-maintained after seeding. */
const SEED_RATES_PER_USD: Record<string, string> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  CAD: '1.37',
  AUD: '1.52',
  JPY: '151.20',
  CHF: '0.88',
};

/** Seeds every pair of the currencies we handle, derived from the USD rates. Idempotent. */
export async function seedFxRates(m: EntityManager): Promise<void> {
  const codes = Object.keys(SEED_RATES_PER_USD);
  for (const base of codes) {
    for (const quote of codes) {
      if (base === quote) continue;
      await insertSeedRate(m, base, quote, SEED_RATES_PER_USD[quote], SEED_RATES_PER_USD[base]);
    }
  }
}

/** Units of `to` per unit of `from`, as a decimal string; '1' for the same currency. */
export async function getRate(m: EntityManager, from: string, to: string): Promise<string> {
  if (from === to) return '1';
  const rate = await rateOf(m, from, to);
  if (rate === undefined) throw new AppError(400, `We cannot convert ${from} to ${to} at the moment`, { currency: `We cannot convert ${from} to ${to} at the moment` });
  return rate.replace(/\.?0+$/, '') || '0';
}

/** An FX rate as the console shows it: `id` is 'EUR-USD' (units of USD per 1 EUR). */
export function toFxRateDto(r: FxRateRow) {
  const rate = plainDecimal(r.rate);
  return { id: `${r.base}-${r.quote}`, base: r.base, quote: r.quote, rate, rateText: describeRate(r.base, rate, r.quote), updatedAt: new Date(r.updated_at).toISOString(), updatedBy: r.updated_by };
}

/**
 * An admin sets one pair's rate (each direction is its own rate); the previous value is kept in the history and
 * the change audited, in one transaction. Quotes already given keep the rate they were given at.
 */
export async function changeFxRate(db: DataSource, actor: Actor, id: string, input: { rate: string; reason?: string | null }) {
  const [base, quote] = id.split('-');
  return withTransaction(db, async (m) => {
    const before = await findFxRate(m, base, quote, { forUpdate: true });
    if (!before) throw fxRateNotFound();
    const previous = { rate: plainDecimal(before.rate) };
    const current = { rate: plainDecimal(input.rate) };
    if (previous.rate === current.rate) return { changed: [] as string[], rate: toFxRateDto(before) };
    const after = await updateFxRate(m, base, quote, current.rate, actor.email ?? actor.id);
    const changed = await recordReferenceChange(m, actor, { resource: 'fx-rates', key: id, previous, current, reason: input.reason });
    return { changed, rate: toFxRateDto(after) };
  });
}
