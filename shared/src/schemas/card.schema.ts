import * as yup from 'yup';
import { CARD_TYPES, TRANSFER_CURRENCIES } from '../enums';
import { CARD_CREDIT_LIMIT_STEP, CARD_MAX_CREDIT_LIMIT, CARD_MIN_CREDIT_LIMIT } from '../constants';
import { parseAmountToMinor } from '../money';
import { EMAIL_RE, ageOn, amountField, isRealIsoDate, strictObject, text, wireMeta } from './common';
import { transactionPinField } from './auth.schema';

const minText = (min: number, label: string, max: number) =>
  text().trim().required(`${label} must be at least ${min} characters`).min(min, `${label} must be at least ${min} characters`).max(max, `${label} must be at most ${max} characters`);

const MIN_LIMIT_MESSAGE = 'Minimum credit limit is $500';

/** The credit limit: at least 500, in steps of 500, at most the product's ceiling; a decimal string or a number. */
export const creditLimitField = () =>
  amountField(CARD_MIN_CREDIT_LIMIT, MIN_LIMIT_MESSAGE)
    .test('step', 'Credit limit must be a multiple of $500', (value) => {
      try {
        return parseAmountToMinor(value as string | number, 'USD') % parseAmountToMinor(CARD_CREDIT_LIMIT_STEP, 'USD') === 0n;
      } catch {
        return true; // the minimum test words the problem
      }
    })
    .test('max', 'Maximum credit limit is $50,000', (value) => {
      try {
        return parseAmountToMinor(value as string | number, 'USD') <= parseAmountToMinor(CARD_MAX_CREDIT_LIMIT, 'USD');
      } catch {
        return true;
      }
    });

/**
 * POST /card: an application for a card the bank issues (docs/decisions/0012-issued-cards.md). The customer never types a card
 * number, expiry or CVV.
 */
export const cardApplicationSchema = strictObject({
  cardType: text()
    .required('Please select a card type')
    .oneOf([...CARD_TYPES], 'Please select a card type'),
  firstName: minText(2, 'First name', 50),
  lastName: minText(2, 'Last name', 50),
  email: text().trim().required('Enter a valid email address').max(254, 'Enter a valid email address').matches(EMAIL_RE, 'Enter a valid email address'),
  phone: text()
    .trim()
    .required('Phone number must be at least 10 digits')
    .min(10, 'Phone number must be at least 10 digits')
    .max(20, 'Phone number is too long')
    .matches(/^[0-9+()\-\s]+$/, 'Invalid phone number'),
  dateOfBirth: text()
    .required('Date of birth is required')
    .test('date', 'Date of birth is required', (v) => isRealIsoDate(v))
    .test('adult', 'You must be at least 18 years old', (v) => !isRealIsoDate(v) || ageOn(v as string) >= 18),
  ssn: text()
    .trim()
    .required('SSN must be at least 5 characters')
    .min(5, 'SSN must be at least 5 characters')
    .max(11, 'SSN must be at most 11 characters')
    .matches(/^[0-9-]+$/, 'SSN must be digits'),
  address: minText(10, 'Address', 120),
  city: minText(2, 'City', 80),
  state: minText(2, 'State', 80),
  zipCode: text()
    .trim()
    .required('Zip code must be at least 5 characters')
    .min(5, 'Zip code must be at least 5 characters')
    .max(10, 'Zip code must be at most 10 characters')
    .matches(/^[A-Za-z0-9\- ]+$/, 'Invalid zip/postal code'),
  creditLimit: creditLimitField(),
  agreeToTerms: yup
    .boolean()
    .typeError('You must agree to the terms and conditions')
    .required('You must agree to the terms and conditions')
    .oneOf([true], 'You must agree to the terms and conditions'),
});
export type CardApplicationInput = yup.InferType<typeof cardApplicationSchema>;

/** POST /card/:id/reveal: the transaction PIN, as for a payment. */
export const cardRevealSchema = strictObject({ pin: transactionPinField() });

/** POST /card/:id/pay: part or all of the balance owed, from the customer's account. */
export const cardPaymentSchema = strictObject({
  amount: amountField('0.01', 'Amount must be greater than $0.01'),
  pin: transactionPinField(),
});

/** POST /network/card-authorisations: what a card network sends for a purchase. */
export const cardAuthorisationSchema = strictObject({
  cardNumber: text()
    .trim()
    .required('Card number must be 12 to 19 digits')
    .matches(/^\d{12,19}$/, 'Card number must be 12 to 19 digits'),
  expiry: text()
    .trim()
    .required('Expiry must be MM/YY')
    .matches(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry must be MM/YY'),
  cvv: text()
    .trim()
    .required('CVV must be 3 or 4 digits')
    .matches(/^\d{3,4}$/, 'CVV must be 3 or 4 digits'),
  amount: amountField('0.01', 'Amount must be greater than $0.01'),
  currency: text()
    .required('Please select a currency')
    .oneOf([...TRANSFER_CURRENCIES], 'Please select a currency'),
  merchant: minText(2, 'Merchant', 100),
});

/** POST /network/card-authorisations/:id/capture: all of the hold, or less (a tip-less restaurant bill). */
export const cardCaptureSchema = strictObject({
  amount: yup.lazy((value) => (value === undefined ? yup.mixed<string | number>().optional().meta(wireMeta('money', false)) : amountField('0.01', 'Amount must be greater than $0.01'))),
});

/** POST /account/unfreeze: both secrets, so a thief holding an unlocked phone cannot undo it. */
export const accountUnfreezeSchema = strictObject({
  password: text().required('Password is required').max(128, 'Password is required'),
  pin: transactionPinField(),
});
