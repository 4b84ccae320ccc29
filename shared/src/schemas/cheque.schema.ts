import * as yup from 'yup';
import { TRANSFER_CURRENCIES } from '../enums';
import { amountField, isRealIsoDate, strictObject, text } from './common';

/** What a cheque's front is tested against before anything is sent or stored (bytes on the server). */
export const CHEQUE_IMAGE_TYPE_MESSAGE = 'Only JPG, PNG or WEBP images are allowed.';
export const CHEQUE_IMAGE_SIZE_MESSAGE = 'File too large. Max size is 5MB.';
export const CHEQUE_FRONT_REQUIRED_MESSAGE = 'Please upload the front of the cheque';
export const CHEQUE_BACK_REQUIRED_MESSAGE = 'Please upload the back of the cheque';
export const CHEQUE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The customer keeps the paper cheque this long after depositing it. */
export const CHEQUE_KEEP_DAYS = 14;

/** Text the customer must fill in: blanks (spaces only) count as empty; the server stores it trimmed. */
const filled = (message: string) =>
  text()
    .required(message)
    .test('filled', message, (v) => typeof v === 'string' && v.trim() !== '');

/**
 * The cheque deposit form (POST /v1/cheque, multipart: these fields plus the files `frontImage` and
 * `backImage`). The drawer's bank, cheque number and account number identify the paper cheque; issueDate and
 * note are sent and stored (docs/decisions/0013-cheque-deposits.md).
 */
export const chequeDepositSchema = strictObject({
  amount: amountField('0.01', 'Amount must be greater than $0.01'),
  chequeNumber: filled('Cheque number is required')
    .max(20, 'Cheque number must be at most 20 characters')
    .matches(/^[A-Za-z0-9-]*$/, 'Cheque number must be letters, digits or hyphens'),
  bankName: filled('Bank name is required').max(100, 'Bank name must be at most 100 characters'),
  accountNumber: text()
    .max(34, 'Account number must be at most 34 characters')
    .matches(/^[A-Za-z0-9 -]*$/, 'Account number must be letters, digits, spaces or hyphens')
    .optional(),
  currency: text()
    .required('Please select a currency')
    .oneOf([...TRANSFER_CURRENCIES], 'Please select a currency'),
  issueDate: text()
    .optional()
    .test('date', 'Enter a valid issue date', (v) => v === undefined || v === '' || isRealIsoDate(v)),
  note: text().max(200, 'Note must be at most 200 characters').optional(),
});

// Query strings arrive as text: this schema casts (use it without strict).
export const chequeListQuerySchema = strictObject({
  page: yup.number().typeError('page must be a number').integer('page must be a whole number').min(1, 'page must be at least 1').max(100000, 'page is too large').default(1),
  pageSize: yup
    .number()
    .typeError('pageSize must be a number')
    .integer('pageSize must be a whole number')
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(20),
});
