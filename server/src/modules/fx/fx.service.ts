import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { rows } from '../../common/sql';

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
      await m.query(`INSERT INTO fx_rates (base, quote, rate, updated_by) VALUES ($1, $2, round($3::numeric / $4::numeric, 8), 'seed') ON CONFLICT (base, quote) DO NOTHING`, [
        base,
        quote,
        SEED_RATES_PER_USD[quote],
        SEED_RATES_PER_USD[base],
      ]);
    }
  }
}

/** Units of `to` per unit of `from`, as a decimal string; '1' for the same currency. */
export async function getRate(m: EntityManager, from: string, to: string): Promise<string> {
  if (from === to) return '1';
  const [row] = await rows<{ rate: string }>(m, `SELECT rate::text FROM fx_rates WHERE base = $1 AND quote = $2`, [from, to]);
  if (!row) throw new AppError(400, `We cannot convert ${from} to ${to} at the moment`, { currency: `We cannot convert ${from} to ${to} at the moment` });
  return row.rate.replace(/\.?0+$/, '') || '0';
}
