import * as yup from 'yup';
import { isTimeZone, isoDayIn } from '../dates';
import { TRANSFER_CURRENCIES, TRANSFER_PURPOSES, TRANSACTION_STATUSES } from '../enums';
import { EMAIL_RE, amountField, isRealIsoDate, strictObject, text, timeZoneField } from './common';
import { transactionPinField } from './auth.schema';
import { REPEAT_CHOICES, paymentDate, type RepeatFrequency } from '../standing-orders';

const recipientAccount = () => text().trim().required('Please enter recipient account number').max(34, 'Account number must be at most 34 characters');
const memo = () => text().trim().max(140, 'Memo must be at most 140 characters').optional();
/** Today as YYYY-MM-DD in the local time zone (the browser's, or the server's). */
export function todayIsoDate(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
/**
 * A payment's date, not before the customer's today: in the time zone the request names (its `timeZone`), or where
 * this runs (the browser's own calendar) when it names none. A customer west of UTC paying in the evening is on
 * their today, not UTC's tomorrow.
 */
const transferDate = () =>
  text()
    .required('Please select transfer date')
    .test('date', 'Please select transfer date', (v) => isRealIsoDate(v))
    .test('not-past', 'The transfer date cannot be in the past', function notPast(v) {
      if (!v || !isRealIsoDate(v)) return true;
      const zone = (this.parent as { timeZone?: unknown }).timeZone;
      return v >= (isTimeZone(zone) ? isoDayIn(new Date(), zone) : todayIsoDate());
    });
const minText = (min: number, label: string, max = 120) =>
  text().trim().required(`${label} must be at least ${min} characters`).min(min, `${label} must be at least ${min} characters`).max(max, `${label} must be at most ${max} characters`);

/**
 * A local transfer may repeat: a standing order of the same amount to the same payee (docs/decisions/0053). Its last
 * date is optional and must leave room for at least the second payment.
 */
const repeat = () =>
  text()
    .oneOf([...REPEAT_CHOICES], 'Choose how often it repeats')
    .optional();
const repeatUntil = () =>
  text()
    .optional()
    .test('date', 'Choose a valid last payment date', (v) => !v || isRealIsoDate(v))
    .test('with-repeat', 'A last payment date is for a transfer that repeats', function withRepeat(v) {
      const chosen = (this.parent as { repeat?: unknown }).repeat;
      return !v || (chosen !== undefined && chosen !== 'none');
    })
    .test('after-second', 'The last payment date is too early', function afterSecond(v) {
      const { repeat: chosen, transferDate: firstOn } = this.parent as { repeat?: string; transferDate?: string };
      if (!v || !isRealIsoDate(v) || !isRealIsoDate(firstOn) || (chosen !== 'weekly' && chosen !== 'monthly')) return true;
      const second = paymentDate(firstOn as string, chosen as RepeatFrequency, 1);
      return v >= second || this.createError({ message: `The second payment would be on ${second}: choose that date or a later one` });
    });

export const sameBankTransferSchema = strictObject({
  recipientAccountNumber: recipientAccount().matches(/^\d{10}$/, 'Account number must be 10 digits'),
  amount: amountField('0.01', 'Amount must be greater than $0.01'),
  memo: memo(),
  pin: transactionPinField(),
});

export const localTransferSchema = strictObject({
  recipientName: minText(2, 'Recipient name', 100),
  recipientBankName: minText(2, 'Bank name', 100),
  recipientAccountNumber: recipientAccount(),
  amount: amountField('0.01', 'Amount must be greater than $0.01'),
  memo: memo(),
  transferDate: transferDate(),
  timeZone: timeZoneField(),
  repeat: repeat(),
  repeatUntil: repeatUntil(),
});

export const internationalTransferSchema = strictObject({
  recipientName: minText(2, 'Recipient name', 100),
  recipientEmail: text().trim().required('Enter a valid email address').max(254, 'Enter a valid email address').matches(EMAIL_RE, 'Enter a valid email address'),
  recipientPhone: text().trim().required('Phone number must be at least 10 digits').min(10, 'Phone number must be at least 10 digits').max(20, 'Phone number is too long'),
  recipientAddress: minText(10, 'Address'),
  recipientCity: minText(2, 'City', 80),
  recipientCountry: minText(2, 'Country', 60),
  recipientBankName: minText(2, 'Bank name', 100),
  recipientBankAddress: minText(10, 'Bank address'),
  recipientAccountNumber: minText(5, 'Account number', 34),
  recipientRoutingNumber: minText(5, 'Routing number', 34),
  swiftCode: text()
    .trim()
    .required('SWIFT code must be at least 8 characters')
    .min(8, 'SWIFT code must be at least 8 characters')
    .max(11, 'SWIFT code must be at most 11 characters')
    .matches(/^[A-Za-z0-9]+$/, 'SWIFT code must be letters and digits'),
  amount: amountField('10.00', 'Amount must be greater than $10.00'),
  currency: text()
    .required('Please select a currency')
    .min(3, 'Please select a currency')
    .oneOf([...TRANSFER_CURRENCIES], 'Please select a currency'),
  purpose: text()
    .required('Please select a purpose')
    .oneOf([...TRANSFER_PURPOSES], 'Please select a purpose'),
  memo: memo(),
  transferDate: transferDate(),
  timeZone: timeZoneField(),
});

export const transferCodeSchema = strictObject({
  code: text()
    .required('Code must be 6 digits')
    .matches(/^\d{6}$/, 'Code must be 6 digits'),
});
export const transferPinSchema = strictObject({ pin: transactionPinField() });

/** POST /transfer/confirm-code: the bank's one-time code or the PIN, one at a time (docs/decisions/0001). */
export const confirmCodeSchema = strictObject({
  transferId: text().required('Transfer is required').uuid('Transfer is required'),
  code: text()
    .matches(/^\d{6}$/, 'Code must be 6 digits')
    .optional(),
  pin: text()
    .matches(/^\d{4}$/, 'PIN must be exactly 4 digits')
    .optional(),
}).test('one-secret', 'Enter the code or your PIN', (v) => !!v && (v.code === undefined) !== (v.pin === undefined));

export const incomingTransferSchema = strictObject({
  accountNumber: text()
    .required('Account number must be 10 digits')
    .matches(/^\d{10}$/, 'Account number must be 10 digits'),
  amount: amountField('0.01', 'Amount must be greater than $0.01'),
  currency: text()
    .required('Please select a currency')
    .oneOf([...TRANSFER_CURRENCIES], 'Please select a currency'),
  senderName: minText(2, 'Sender name', 100),
  senderBank: minText(2, 'Sender bank', 100),
  reference: text().trim().required('Reference is required').min(4, 'Reference is required').max(64, 'Reference must be at most 64 characters'),
});

// Query strings arrive as text: these schemas cast (use them without strict).
export const transactionQuerySchema = strictObject({
  page: yup.number().typeError('page must be a number').integer('page must be a whole number').min(1, 'page must be at least 1').max(100000, 'page is too large').default(1),
  pageSize: yup
    .number()
    .typeError('pageSize must be a number')
    .integer('pageSize must be a whole number')
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(20),
  type: yup.string().oneOf(['all', 'credit', 'debit'], 'type must be all, credit or debit').default('all'),
  status: yup
    .string()
    .oneOf(['all', ...TRANSACTION_STATUSES], 'status must be all, success, pending, failed or cancelled')
    .default('all'),
  q: yup.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});

export const statementQuerySchema = strictObject({
  from: text()
    .required('Choose a start date')
    .test('date', 'Choose a start date', (v) => isRealIsoDate(v)),
  to: text()
    .required('Choose an end date')
    .test('date', 'Choose an end date', (v) => isRealIsoDate(v))
    .test('order', 'The end date must be on or after the start date', function order(v) {
      const from = this.parent.from as string | undefined;
      return !isRealIsoDate(from) || !isRealIsoDate(v) || (v as string) >= (from as string);
    }),
  format: yup.string().oneOf(['csv', 'pdf'], 'format must be csv or pdf').default('csv'),
  timeZone: timeZoneField(),
});

/** The dashboard's months and days are the customer's own. */
export const dashboardQuerySchema = strictObject({ timeZone: timeZoneField() });
