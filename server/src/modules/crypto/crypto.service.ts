import type { EntityManager } from 'typeorm';
import { minorToDecimal, parseAmountToMinor } from '@strongroom/shared';
import { activeCryptoOptions, insertSeedCryptoOption } from './crypto-options.queries';

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
    const priceUsdMinor = parseAmountToMinor(o.price, 'USD').toString();
    await insertSeedCryptoOption(m, { symbol: o.symbol, name: o.name, network: o.network, address: o.address, icon: o.symbol.toLowerCase(), priceUsdMinor, feeUnits: o.fee, decimals: o.decimals });
  }
}

export async function listCryptoOptions(m: EntityManager) {
  const list = await activeCryptoOptions(m);
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
