import type { EntityManager } from 'typeorm';
import { minorToDecimal, parseAmountToMinor } from '@strongroom/shared';
import { rows } from '../../common/sql';

/**
 * Demo custody assets; prices are reference values staff maintain, not live quotes. `decimals`: the unit holdings
 * are counted in (docs/decisions/0014-crypto-units.md).
 */
const SEED_OPTIONS = [
  { symbol: 'BTC', name: 'Bitcoin', network: 'Bitcoin', address: 'bc1qstrongroomcustody0demo0address0btc0x', price: '64250.00', fee: '0.00005', decimals: 8 },
  { symbol: 'ETH', name: 'Ethereum', network: 'Ethereum (ERC-20)', address: '0x5tr0n6r00m0000000000000000000000c0ffee01', price: '3120.00', fee: '0.0012', decimals: 9 },
  { symbol: 'USDT', name: 'Tether', network: 'Tron (TRC-20)', address: 'TStrongroomCustodyDemoAddressUsdt0001', price: '1.00', fee: '1', decimals: 6 },
  { symbol: 'SOL', name: 'Solana', network: 'Solana', address: 'Str0ngr00mCustodyDemoSo1anaAddress000001', price: '148.00', fee: '0.00001', decimals: 9 },
  { symbol: 'LTC', name: 'Litecoin', network: 'Litecoin', address: 'ltc1qstrongroomcustodydemoaddress0ltc', price: '82.40', fee: '0.0001', decimals: 8 },
];

export async function seedCryptoOptions(m: EntityManager): Promise<void> {
  for (const o of SEED_OPTIONS) {
    await m.query(
      `INSERT INTO crypto_options (symbol, name, network, deposit_address, icon, reference_price_usd_minor, network_fee_units, unit_decimals, updated_by)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'seed') ON CONFLICT (symbol) DO NOTHING`,
      [o.symbol, o.name, o.network, o.address, o.symbol.toLowerCase(), parseAmountToMinor(o.price, 'USD').toString(), o.fee, o.decimals],
    );
  }
}

export async function listCryptoOptions(m: EntityManager) {
  const list = await rows<{ symbol: string; name: string; network: string; deposit_address: string; icon: string; reference_price_usd_minor: string; network_fee_units: string; updated_at: Date }>(
    m,
    `SELECT * FROM crypto_options WHERE active ORDER BY symbol`,
  );
  return list.map((o) => ({
    crypto: o.name,
    symbol: o.symbol,
    network: o.network,
    address: o.deposit_address,
    icon: o.icon,
    referencePriceUsd: minorToDecimal(BigInt(o.reference_price_usd_minor), 'USD'),
    networkFee: o.network_fee_units.replace(/\.?0+$/, ''),
    priceUpdatedAt: new Date(o.updated_at).toISOString(),
  }));
}
