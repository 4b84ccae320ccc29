import { assetUnitsSchema, moneySchema } from '../../common/route-schemas';

const text = { type: 'string' };
const dateTime = { type: 'string', format: 'date-time' };
const moneyOrNull = { anyOf: [moneySchema, { type: 'null' }] };

/** One custody asset a customer may hold (CryptoOptionDto). */
export const cryptoOptionSchema = {
  type: 'object',
  required: ['crypto', 'symbol', 'network', 'address', 'icon', 'referencePriceUsd', 'networkFee', 'priceUpdatedAt'],
  properties: {
    crypto: text,
    symbol: text,
    network: text,
    address: { type: 'string', description: "The bank's custody address the customer sends to" },
    icon: text,
    referencePriceUsd: moneySchema,
    networkFee: assetUnitsSchema,
    priceUpdatedAt: dateTime,
  },
};

/** One holding: units of its asset, and what they are worth (CryptoHoldingDto). */
const holdingSchema = {
  type: 'object',
  required: ['id', 'crypto', 'symbol', 'icon', 'network', 'amount', 'available', 'reserved', 'referencePriceUsd', 'valueUsd', 'value', 'currency', 'networkFee'],
  properties: {
    id: text,
    crypto: text,
    symbol: text,
    icon: text,
    network: text,
    amount: assetUnitsSchema,
    available: assetUnitsSchema,
    reserved: assetUnitsSchema,
    referencePriceUsd: moneySchema,
    valueUsd: moneySchema,
    value: moneyOrNull,
    currency: text,
    networkFee: assetUnitsSchema,
  },
};

/** The caller's holdings and their total (CryptoPortfolioDto), beside `success` in the answer. */
export const portfolioProperties = {
  cryptoAssets: { type: 'array', items: holdingSchema },
  totalValueUsd: moneySchema,
  totalValue: moneyOrNull,
  currency: text,
  rate: { type: ['string', 'null'], description: 'Units of the account currency per USD used for `value`, or null when no rate is on file' },
  holdings: { type: 'integer' },
};
