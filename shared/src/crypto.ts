// Crypto custody (docs/decisions/0008): holdings are integer units of each asset's own smallest unit, never
// money and never summed with money. Amounts travel as decimal strings; in code they are BigInt units.
import { MoneyError } from './money';

/** What a customer may type: at most 6 decimals (the form's step), from 0.000001 to 1,000,000 units of an asset. */
export const CRYPTO_AMOUNT_DECIMALS = 6;
export const CRYPTO_AMOUNT_MIN = '0.000001';
export const CRYPTO_AMOUNT_MAX = '1000000';
/** The canonical text of such a quantity, for the API's contract (every match is one cryptoAmountField accepts). */
export const ASSET_UNITS_PATTERN = `^\\d{1,16}(\\.\\d{1,${CRYPTO_AMOUNT_DECIMALS}})?$`;

/**
 * Parses a decimal quantity of an asset ("0.015", "2") into integer units of 10^-decimals. Refuses signs,
 * exponents, grouping and more precision than `decimals` (trailing zeros beyond it are fine).
 */
export function parseUnits(value: string | number, decimals: number): bigint {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,16})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) throw new MoneyError('Amount must be a number');
  const [, whole, fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(decimals))) throw new MoneyError(`Amount can have at most ${decimals} decimal places`);
  const significant = fraction.slice(0, decimals).padEnd(decimals, '0');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(significant || '0');
}

/** Units to a decimal string with no trailing zeros: 1500000n at 8 decimals is "0.015"; 0n is "0". */
export function formatUnits(units: bigint | string, decimals: number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const fraction = decimals === 0 ? '' : (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${(abs / scale).toString()}${fraction ? `.${fraction}` : ''}`;
}

/** Units x a USD reference price (cents per whole coin), in cents, rounded half up. */
export function unitsValueCents(units: bigint, decimals: number, priceCents: bigint): bigint {
  const scale = 10n ** BigInt(decimals);
  return (units * priceCents * 2n + scale) / (2n * scale);
}

export type CryptoRequestKind = 'deposit' | 'withdrawal';
export const CRYPTO_STATUS_VALUES = ['pending', 'awaiting_second_approval', 'approved', 'rejected'] as const;
export type CryptoRequestStatus = (typeof CRYPTO_STATUS_VALUES)[number];

/** GET /v1/crypto/options: one custody asset. */
export interface CryptoOptionDto {
  crypto: string;
  symbol: string;
  network: string;
  address: string;
  icon: string;
  referencePriceUsd: string;
  networkFee: string;
  priceUpdatedAt: string;
}

/** GET /v1/crypto: one holding; amounts are units of the asset, values are money. */
export interface CryptoHoldingDto {
  id: string;
  crypto: string;
  symbol: string;
  icon: string;
  network: string;
  /** Units the customer can withdraw now. */
  amount: string;
  available: string;
  /** Units held for withdrawals that wait for staff. */
  reserved: string;
  referencePriceUsd: string;
  valueUsd: string;
  value: string | null;
  currency: string;
  networkFee: string;
}

export interface CryptoPortfolioDto {
  cryptoAssets: CryptoHoldingDto[];
  totalValueUsd: string;
  totalValue: string | null;
  currency: string;
  /** Units of the account currency per USD used for `value`, or null when no rate is on file. */
  rate: string | null;
  holdings: number;
}

export interface CryptoRequestDto {
  id: string;
  kind: CryptoRequestKind;
  crypto: string;
  symbol: string;
  icon: string;
  amount: string;
  networkFee: string;
  /** Units leaving the holding: amount plus fee for a withdrawal, the amount for a deposit. */
  total: string;
  network: string;
  address: string;
  referencePriceUsd: string;
  valueUsd: string;
  status: CryptoRequestStatus;
  reason: string | null;
  receipt: string | null;
  createdAt: string;
  updatedAt: string;
  timeline: { status: string; from: string | null; at: string; reason: string | null; by: 'you' | 'Strongroom' | 'system' }[];
}
