import { ENROLMENT_CURRENCIES } from '../enums';
import { strictObject, text } from './common';

/** Any RFC 9562 UUID (account ids are version 7). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Products a customer may open themselves (docs/decisions/0062-accounts.md); term deposits are opened elsewhere. */
export const OPENABLE_ACCOUNT_PRODUCTS = ['checking', 'savings', 'business'] as const;
export type OpenableAccountProduct = (typeof OPENABLE_ACCOUNT_PRODUCTS)[number];

/** The currencies an account may hold: the ones a customer can enrol in. */
export const ACCOUNT_CURRENCIES = ENROLMENT_CURRENCIES;

/** Accounts a customer may own that are not closed or rejected (pending business accounts count). */
export const MAX_OPEN_ACCOUNTS = 10;

/** Years the bank keeps a former customer's data after they leave, as the law requires. */
export const DATA_RETENTION_YEARS = 5;

export const ACCOUNT_NAME_MAX = 40;
export const ACCOUNT_NAME_MESSAGE = `Account name must be 1 to ${ACCOUNT_NAME_MAX} characters`;

/** An account's name until its holder gives it another (the database's primary_name_of, server/src/db/sql/accounts.sql). */
export function defaultAccountName(product: OpenableAccountProduct | 'fixed_deposit'): string {
  switch (product) {
    case 'checking':
      return 'Current account';
    case 'business':
      return 'Business account';
    case 'fixed_deposit':
      return 'Term deposit';
    default:
      return 'Savings account';
  }
}

/** A name as given: 1-40 characters once the spaces around it are cut off (the server stores it trimmed). */
const accountName = () => text().test('name', ACCOUNT_NAME_MESSAGE, (v) => v === undefined || (typeof v === 'string' && v.trim().length >= 1 && v.trim().length <= ACCOUNT_NAME_MAX));

/** Opening a further account (POST /v1/accounts); one schema for the app's form and the server. */
export const openAccountSchema = strictObject({
  product: text()
    .required('Please select an account type')
    .oneOf([...OPENABLE_ACCOUNT_PRODUCTS], 'Please select an account type'),
  currency: text()
    .required('Please select a currency')
    .oneOf([...ACCOUNT_CURRENCIES], 'Please select a currency'),
  name: accountName().optional(),
});

/** Renaming an account (PATCH /v1/accounts/{id}). */
export const renameAccountSchema = strictObject({
  name: accountName().required(ACCOUNT_NAME_MESSAGE),
});

/** Closing an account (POST /v1/accounts/{id}/close): its balance may go to another account of the caller's. */
export const closeAccountSchema = strictObject({
  sweepToAccountId: text()
    .optional()
    .test('uuid', 'Choose one of your accounts to move the balance to', (v) => v === undefined || UUID_RE.test(v)),
});
