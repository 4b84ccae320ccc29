import type { DataSource } from 'typeorm';
import { minorToDecimal, parseAmountToMinor } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { notFound } from '../../common/app-error';
import { rows, type Queryable } from '../../common/sql';
import { withTransaction } from '../../db/transaction';
import { plainDecimal, recordReferenceChange } from '../reference-data';

// The console's side of crypto_options (staff-maintained reference data, docs/decisions/0015): list, read, change.

export const CRYPTO_OPTION_NOT_FOUND = 'Crypto option not found';
export const cryptoOptionNotFound = () => notFound(CRYPTO_OPTION_NOT_FOUND);

export interface CryptoOptionRow {
  symbol: string;
  name: string;
  network: string;
  deposit_address: string;
  icon: string;
  reference_price_usd_minor: string;
  network_fee_units: string;
  active: boolean;
  updated_at: Date;
  updated_by: string | null;
}

const COLUMNS = `symbol, name, network, deposit_address, icon, reference_price_usd_minor::text, network_fee_units::text, active, updated_at, updated_by`;
// Qualified: the output columns of the same names are text.
const SORT: Record<string, string> = { id: 'symbol', symbol: 'symbol', name: 'name', referencePriceUsd: 'crypto_options.reference_price_usd_minor', enabled: 'active', updatedAt: 'updated_at' };

export function toCryptoOptionAdminDto(o: CryptoOptionRow) {
  return {
    id: o.symbol,
    symbol: o.symbol,
    name: o.name,
    network: o.network,
    address: o.deposit_address,
    icon: o.icon,
    referencePriceUsd: minorToDecimal(BigInt(o.reference_price_usd_minor), 'USD'),
    networkFee: plainDecimal(o.network_fee_units),
    enabled: o.active,
    updatedAt: new Date(o.updated_at).toISOString(),
    updatedBy: o.updated_by,
  };
}

export async function adminListCryptoOptions(db: Queryable, f: { enabled?: boolean }, sort: { field: string; order: 'ASC' | 'DESC' }, page: { limit: number; offset: number }) {
  const where = `($1::boolean IS NULL OR active = $1)`;
  const params = [f.enabled ?? null];
  const items = await rows<CryptoOptionRow>(db, `SELECT ${COLUMNS} FROM crypto_options WHERE ${where} ORDER BY ${SORT[sort.field] ?? 'symbol'} ${sort.order}, symbol LIMIT $2 OFFSET $3`, [
    ...params,
    page.limit,
    page.offset,
  ]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM crypto_options WHERE ${where}`, params);
  return { items, total: Number(count) };
}

export async function adminFindCryptoOption(db: Queryable, symbol: string, opts: { forUpdate?: boolean } = {}): Promise<CryptoOptionRow | undefined> {
  const [row] = await rows<CryptoOptionRow>(db, `SELECT ${COLUMNS} FROM crypto_options WHERE symbol = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [symbol]);
  return row;
}

export interface CryptoOptionChange {
  referencePriceUsd?: string | number;
  networkFee?: string;
  address?: string;
  enabled?: boolean;
  reason?: string | null;
}

/** The editable values of a stored option, as the history keeps them. */
const editable = (o: CryptoOptionRow) => ({
  referencePriceUsd: minorToDecimal(BigInt(o.reference_price_usd_minor), 'USD'),
  networkFee: plainDecimal(o.network_fee_units),
  address: o.deposit_address,
  enabled: o.active,
});

/** An admin changes some of price, fee, address and enabled; the previous values go to the history, audited. */
export async function changeCryptoOption(db: DataSource, actor: Actor, symbol: string, input: CryptoOptionChange) {
  return withTransaction(db, async (m) => {
    const before = await adminFindCryptoOption(m, symbol, { forUpdate: true });
    if (!before) throw cryptoOptionNotFound();
    const previous = editable(before);
    const current = {
      referencePriceUsd: input.referencePriceUsd === undefined ? previous.referencePriceUsd : minorToDecimal(parseAmountToMinor(input.referencePriceUsd, 'USD'), 'USD'),
      networkFee: input.networkFee === undefined ? previous.networkFee : plainDecimal(input.networkFee),
      address: input.address === undefined ? previous.address : input.address.trim(),
      enabled: input.enabled ?? previous.enabled,
    };
    const changed = await recordReferenceChange(m, actor, { resource: 'crypto-options', key: symbol, previous, current, reason: input.reason });
    if (changed.length === 0) return { changed, option: toCryptoOptionAdminDto(before) };
    const [after] = await rows<CryptoOptionRow>(
      m,
      `UPDATE crypto_options SET reference_price_usd_minor = $2, network_fee_units = $3::numeric, deposit_address = $4, active = $5, updated_at = now(), updated_by = $6 WHERE symbol = $1 RETURNING ${COLUMNS}`,
      [symbol, parseAmountToMinor(current.referencePriceUsd, 'USD').toString(), current.networkFee, current.address, current.enabled, actor.email ?? actor.id],
    );
    return { changed, option: toCryptoOptionAdminDto(after) };
  });
}

/** A demo custody asset, unless one with its symbol exists. */
export async function insertSeedCryptoOption(
  db: Queryable,
  o: { symbol: string; name: string; network: string; address: string; icon: string; priceUsdMinor: string; feeUnits: string; decimals: number },
): Promise<void> {
  await db.query(
    `INSERT INTO crypto_options (symbol, name, network, deposit_address, icon, reference_price_usd_minor, network_fee_units, unit_decimals, updated_by)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'seed') ON CONFLICT (symbol) DO NOTHING`,
    [o.symbol, o.name, o.network, o.address, o.icon, o.priceUsdMinor, o.feeUnits, o.decimals],
  );
}

export interface ActiveCryptoOptionRow {
  symbol: string;
  name: string;
  network: string;
  deposit_address: string;
  icon: string;
  reference_price_usd_minor: string;
  network_fee_units: string;
  updated_at: Date;
}

/** The assets customers can hold, by symbol. */
export function activeCryptoOptions(db: Queryable): Promise<ActiveCryptoOptionRow[]> {
  return rows<ActiveCryptoOptionRow>(db, `SELECT * FROM crypto_options WHERE active ORDER BY symbol`);
}
