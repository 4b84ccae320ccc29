import * as yup from 'yup';
import { amountField, strictObject, text } from './common';
import { transactionPinField } from './auth.schema';

/** The terms a term deposit may run for, in months (docs/decisions/0063-interest.md). */
export const DEPOSIT_TERMS = [3, 6, 12, 24] as const;
export type DepositTerm = (typeof DEPOSIT_TERMS)[number];

/** The product minimum (deposit_products.minimum_opening_minor); the server judges against the catalogue too. */
export const DEPOSIT_MINIMUM = '1000.00';
export const DEPOSIT_MINIMUM_MESSAGE = 'A term deposit is at least 1,000.00';
const TERM_MESSAGE = 'Choose a term of 3, 6, 12 or 24 months';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name a term deposit's account opens with. */
export const depositAccountName = (termMonths: number) => `Term deposit ${termMonths} months`;

const sourceAccountId = () =>
  text()
    .required('Choose the account to pay from')
    .test('uuid', 'Choose the account to pay from', (v) => v === undefined || UUID_RE.test(v));

const termMonths = () =>
  yup
    .number()
    .typeError(TERM_MESSAGE)
    .required(TERM_MESSAGE)
    .oneOf([...DEPOSIT_TERMS], TERM_MESSAGE);

/** What a term deposit would be (POST /v1/deposits/quote): the opening form before the PIN. */
export const depositQuoteSchema = strictObject({
  sourceAccountId: sourceAccountId(),
  amount: amountField(DEPOSIT_MINIMUM, DEPOSIT_MINIMUM_MESSAGE),
  termMonths: termMonths(),
});
export type DepositQuoteInput = yup.InferType<typeof depositQuoteSchema>;

/** Opening a term deposit (POST /v1/deposits): the quoted form, confirmed with the transaction PIN. */
export const openDepositSchema = strictObject({
  sourceAccountId: sourceAccountId(),
  amount: amountField(DEPOSIT_MINIMUM, DEPOSIT_MINIMUM_MESSAGE),
  termMonths: termMonths(),
  pin: transactionPinField(),
});
export type OpenDepositInput = yup.InferType<typeof openDepositSchema>;

/** The renewal choice (PATCH /v1/deposits/{id}), open until maturity. */
export const depositRenewalSchema = strictObject({
  renew: yup.boolean().typeError('Choose whether the deposit renews').required('Choose whether the deposit renews'),
});

/** An early withdrawal (POST /v1/deposits/{id}/withdraw), confirmed with the transaction PIN. */
export const withdrawDepositSchema = strictObject({ pin: transactionPinField() });
