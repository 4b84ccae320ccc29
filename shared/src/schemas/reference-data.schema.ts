import * as yup from 'yup';
import { amountField, strictObject, text, wireMeta } from './common';

// Staff-maintained reference data: the console's edit forms and the server's PUT / PATCH bodies
// (docs/decisions/0015-reference-data-history.md).

export const RATE_RE = /^\d{1,10}(\.\d{1,8})?$/;
export const UNITS_RE = /^\d{1,12}(\.\d{1,8})?$/;

// PostgreSQL text cannot hold NUL, and no reason or address needs a control character (a reason may have line breaks).
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControl = (label: string) => [`no-control`, `${label} must not contain control characters`, (value: string | undefined) => !value || !CONTROL_RE.test(value)] as const;

const reasonField = () =>
  text()
    .max(500, 'Reason must be at most 500 characters')
    .test(...noControl('Reason'))
    .optional();

/** An FX rate: units of the quote currency per one unit of the base, a decimal string, above 0, at most 8 decimals. */
export const fxRateField = () =>
  text()
    .typeError('Rate must be a decimal string such as 1.0870')
    .required('Rate is required')
    .matches(RATE_RE, 'Rate must be a number with at most 8 decimals')
    .test('positive', 'Rate must be greater than 0', (value) => !value || !RATE_RE.test(value) || /[1-9]/.test(value));

/** PUT /admin/fx-rates/{id} (and PATCH): the new rate, with an optional reason kept in the history. */
export const fxRateUpdateSchema = strictObject({ rate: fxRateField(), reason: reasonField() });

/** A network fee in the asset's own units (e.g. 0.00005 BTC): a decimal string, 0 or more, at most 8 decimals. */
export const assetUnitsField = () =>
  text().typeError('Fee must be a decimal string such as 0.0005').required('Fee is required').matches(UNITS_RE, 'Fee must be a number of units with at most 8 decimals');

export const depositAddressField = () =>
  text()
    .typeError('Deposit address must be text')
    .required('Deposit address is required')
    .test('blank', 'Deposit address is required', (value) => value === undefined || value.trim() !== '')
    .max(120, 'Deposit address must be at most 120 characters')
    .test('spaces', 'Deposit address must not contain spaces', (value) => !value?.trim() || /^\S+$/.test(value))
    .test(...noControl('Deposit address'));

/** PUT /admin/crypto-options/{symbol}: reference price (USD money), withdrawal fee (units), deposit address, offered or not. */
const PRICE_MIN_MESSAGE = 'Price must be at least $0.01';
export const referencePriceField = () => amountField('0.01', PRICE_MIN_MESSAGE);

export const cryptoOptionUpdateSchema = strictObject({
  referencePriceUsd: referencePriceField(),
  networkFee: assetUnitsField(),
  address: depositAddressField(),
  enabled: yup.boolean().typeError('Enabled must be true or false').required('Enabled is required'),
  reason: reasonField(),
});

/** PATCH /admin/crypto-options/{symbol}: any of the PUT's fields, at least one. */
export const cryptoOptionPatchSchema = strictObject({
  referencePriceUsd: yup
    .mixed<string | number>()
    .meta(wireMeta('money', false))
    .test('price', PRICE_MIN_MESSAGE, function check(value) {
      if (value === undefined) return true;
      try {
        referencePriceField().validateSync(value);
        return true;
      } catch (err) {
        return this.createError({ message: (err as Error).message });
      }
    }),
  networkFee: assetUnitsField().optional(),
  address: depositAddressField().optional(),
  enabled: yup.boolean().typeError('Enabled must be true or false').optional(),
  reason: reasonField(),
}).test('something', 'Nothing to change', (value) => !!value && ['referencePriceUsd', 'networkFee', 'address', 'enabled'].some((k) => (value as Record<string, unknown>)[k] !== undefined));

export type FxRateUpdate = yup.InferType<typeof fxRateUpdateSchema>;
export type CryptoOptionUpdate = yup.InferType<typeof cryptoOptionUpdateSchema>;
