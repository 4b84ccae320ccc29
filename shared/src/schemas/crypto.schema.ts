import * as yup from 'yup';
import { MoneyError } from '../money';
import { CRYPTO_AMOUNT_DECIMALS, CRYPTO_AMOUNT_MAX, CRYPTO_AMOUNT_MIN, parseUnits } from '../crypto';
import { ENTER_AN_AMOUNT, strictObject, text, wireMeta } from './common';

// The messages the crypto forms show, word for word (the server answers with the same ones).
export const CRYPTO_SELECT_MESSAGE = 'Please select a cryptocurrency';
export const CRYPTO_AMOUNT_MESSAGE = 'Amount must be greater than 0';
export const CRYPTO_AMOUNT_MAX_MESSAGE = 'Amount must be at most 1,000,000';
export const CRYPTO_RECEIPT_SIZE_MESSAGE = 'File size must be less than 5MB';
export const CRYPTO_RECEIPT_TYPE_MESSAGE = 'Please upload an image file';
export const CRYPTO_RECEIPT_REQUIRED_MESSAGE = 'Please upload the payment receipt';
export const CRYPTO_RECEIPT_UPLOADED_MESSAGE = 'Receipt uploaded successfully';
export const WALLET_ADDRESS_MESSAGE = 'Wallet address is required';
export const WALLET_ADDRESS_INVALID_MESSAGE = 'Enter a valid wallet address (letters and digits only)';
export const NETWORK_MESSAGE = 'Network is required';
export const CRYPTO_RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const MIN_UNITS = parseUnits(CRYPTO_AMOUNT_MIN, CRYPTO_AMOUNT_DECIMALS);
const MAX_UNITS = parseUnits(CRYPTO_AMOUNT_MAX, CRYPTO_AMOUNT_DECIMALS);

/** A quantity of an asset: 0.000001 to 1,000,000, at most 6 decimals (the form's step). */
export function cryptoAmountField() {
  return (
    yup
      .mixed<string | number>()
      .meta(wireMeta('assetUnits', true))
      // Missing is refused with the same message as empty; defined() also types the field as present for the server.
      .defined(ENTER_AN_AMOUNT)
      .test('amount', CRYPTO_AMOUNT_MESSAGE, function check(value) {
        if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return this.createError({ message: ENTER_AN_AMOUNT });
        let units: bigint;
        try {
          units = parseUnits(value, CRYPTO_AMOUNT_DECIMALS);
        } catch (err) {
          if (err instanceof MoneyError && /decimal places/.test(err.message)) return this.createError({ message: err.message });
          return this.createError({ message: /^\s*-/.test(String(value)) ? CRYPTO_AMOUNT_MESSAGE : ENTER_AN_AMOUNT });
        }
        if (units < MIN_UNITS) return this.createError({ message: CRYPTO_AMOUNT_MESSAGE });
        if (units > MAX_UNITS) return this.createError({ message: CRYPTO_AMOUNT_MAX_MESSAGE });
        return true;
      })
  );
}

const symbolField = () =>
  text()
    .required(CRYPTO_SELECT_MESSAGE)
    .matches(/^[A-Z0-9]{2,10}$/, CRYPTO_SELECT_MESSAGE);

/**
 * Custody deposit ('Buy', POST /v1/crypto/buy, multipart: these fields plus the image `receipt`): the asset's
 * symbol, the units sent to the bank's address, and optionally the network the customer sent them on.
 */
export const cryptoBuySchema = strictObject({
  crypto: symbolField(),
  amount: cryptoAmountField(),
  network: text().max(40, NETWORK_MESSAGE).optional(),
});

/** Withdrawal ('Sell', POST /v1/crypto/sell): the network fee is deducted from the holding (docs/decisions/0008-crypto-custody.md). */
export const cryptoSellSchema = strictObject({
  crypto: symbolField(),
  amount: cryptoAmountField(),
  address: text()
    .required(WALLET_ADDRESS_MESSAGE)
    .min(10, WALLET_ADDRESS_MESSAGE)
    .max(120, 'Wallet address must be at most 120 characters')
    .matches(/^[A-Za-z0-9:]+$/, WALLET_ADDRESS_INVALID_MESSAGE),
  network: text()
    .required(NETWORK_MESSAGE)
    .test('filled', NETWORK_MESSAGE, (v) => typeof v === 'string' && v.trim() !== '')
    .max(40, NETWORK_MESSAGE),
});

// Query strings arrive as text: this schema casts (use it without strict).
export const cryptoRequestListQuerySchema = strictObject({
  page: yup.number().typeError('page must be a number').integer('page must be a whole number').min(1, 'page must be at least 1').max(100000, 'page is too large').default(1),
  pageSize: yup
    .number()
    .typeError('pageSize must be a number')
    .integer('pageSize must be a whole number')
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(20),
});
