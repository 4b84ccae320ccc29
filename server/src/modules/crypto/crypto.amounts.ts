import type { EntityManager } from 'typeorm';
import { currencyExponent, formatUnits, minorToDecimal, parseUnits, unitsValueCents } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { getRate } from '../fx';
import type { AssetRow } from './crypto.queries';

/**
 * A withdrawal fee in the asset's units. Staff set fees with up to 8 decimals; an asset counted in fewer (USDT, 6)
 * rounds the fee up to its unit, so the bank never pays part of a customer's network fee by rounding.
 */
export function feeUnitsOf(asset: Pick<AssetRow, 'network_fee_units' | 'unit_decimals'>): bigint {
  const [whole, fraction = ''] = asset.network_fee_units.split('.');
  const decimals = asset.unit_decimals;
  const kept = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0') || '0');
  return /[^0]/.test(fraction.slice(decimals)) ? kept + 1n : kept;
}

export const unitsText = (units: bigint | string, decimals: number) => formatUnits(typeof units === 'string' ? BigInt(units) : units, decimals);

/** The USD value of units at the asset's reference price, as a wire decimal. */
export function valueUsd(units: bigint, decimals: number, priceCents: bigint | string): { cents: bigint; text: string } {
  const cents = unitsValueCents(units, decimals, BigInt(priceCents));
  return { cents, text: minorToDecimal(cents, 'USD') };
}

/** Converts US cents to the account currency at the FX table's USD rate: a decimal, or null when no rate is on file. */
export interface Conversion {
  currency: string;
  rate: string | null;
  convert(cents: bigint): string | null;
}

const RATE_DECIMALS = 8;

export async function usdConversion(m: EntityManager, currency: string): Promise<Conversion> {
  let rate: string | null;
  try {
    rate = await getRate(m, 'USD', currency);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) rate = null;
    else throw err;
  }
  if (rate === null) return { currency, rate: null, convert: () => null };
  // The rate to 8 decimals (the FX table's precision), truncated should staff ever store more.
  const [whole, fraction = ''] = rate.split('.');
  const scaledRate = parseUnits(`${whole}.${fraction.slice(0, RATE_DECIMALS) || '0'}`, RATE_DECIMALS);
  const target = 10n ** BigInt(currencyExponent(currency));
  const divisor = 100n * 10n ** BigInt(RATE_DECIMALS);
  return {
    currency,
    rate,
    // cents x rate, in the currency's minor units, rounded half up: BigInt all the way.
    convert: (cents) => minorToDecimal((cents * scaledRate * target * 2n + divisor) / (2n * divisor), currency),
  };
}
