import * as yup from 'yup';
import { EMPLOYMENT_STATUSES, LOAN_PURPOSES, LOAN_TYPES } from '../enums';
import { EMAIL_RE, ageOn, amountField, isRealIsoDate, strictObject, text } from './common';
import { transactionPinField } from './auth.schema';

const atLeast = (min: number, label: string, max = 120) =>
  text().trim().required(`${label} must be at least ${min} characters`).min(min, `${label} must be at least ${min} characters`).max(max, `${label} must be at most ${max} characters`);

const MIN_TERM = 'Minimum term is 12 months';
const MAX_TERM = 'Maximum term is 360 months';

/** A non-negative amount (income, rent, down payment): blanks and words get the same sentence. */
const nonNegative = (label: string) => amountField('0', `${label} must be 0 or more`);

/** The loan application form (POST /v1/loan); one schema for the page's formik and the server. */
export const loanApplicationSchema = strictObject({
  loanType: text()
    .required('Please select a loan type')
    .oneOf([...LOAN_TYPES], 'Please select a loan type'),
  loanPurpose: text()
    .required('Please select a loan purpose')
    .oneOf([...LOAN_PURPOSES], 'Please select a loan purpose'),
  loanAmount: amountField('1000', 'Minimum loan amount is $1,000').test('max', 'Maximum loan amount is $1,000,000', (v) => {
    const value = Number(v);
    return !Number.isFinite(value) || value <= 1_000_000;
  }),
  termLength: yup.number().typeError(MIN_TERM).required(MIN_TERM).integer('Term must be a whole number of months').min(12, MIN_TERM).max(360, MAX_TERM),
  firstName: atLeast(2, 'First name', 50),
  lastName: atLeast(2, 'Last name', 50),
  email: text().trim().required('Enter a valid email address').max(254, 'Enter a valid email address').matches(EMAIL_RE, 'Enter a valid email address'),
  phone: text().trim().required('Phone number must be at least 10 digits').min(10, 'Phone number must be at least 10 digits').max(20, 'Phone number is too long'),
  dateOfBirth: text()
    .required('Date of birth is required')
    .test('date', 'Date of birth is required', (v) => isRealIsoDate(v))
    .test('adult', 'You must be at least 18 years old', (v) => !isRealIsoDate(v) || ageOn(v as string) >= 18)
    .test('plausible', 'Enter a valid date of birth', (v) => !isRealIsoDate(v) || ageOn(v as string) <= 120),
  ssn: text()
    .trim()
    .required('SSN must be at least 9 characters')
    .min(9, 'SSN must be at least 9 characters')
    .matches(/^\d{3}-?\d{2}-?\d{4}$/, 'SSN must be 9 digits (123-45-6789)'),
  address: atLeast(10, 'Address', 200),
  city: atLeast(2, 'City', 80),
  state: atLeast(2, 'State', 80),
  zipCode: text().trim().required('Zip code must be at least 5 characters').min(5, 'Zip code must be at least 5 characters').max(10, 'Zip code must be at most 10 characters'),
  employmentStatus: text()
    .required('Please select your employment status')
    .oneOf([...EMPLOYMENT_STATUSES], 'Please select your employment status'),
  employerName: atLeast(2, 'Employer name', 100),
  jobTitle: atLeast(2, 'Job title', 100),
  annualIncome: nonNegative('Annual income'),
  monthlyRent: nonNegative('Monthly rent'),
  downPayment: nonNegative('Down payment'),
  agreeToTerms: yup
    .boolean()
    .typeError('You must agree to the terms and conditions')
    .required('You must agree to the terms and conditions')
    .oneOf([true], 'You must agree to the terms and conditions'),
});
export type LoanApplicationInput = yup.InferType<typeof loanApplicationSchema>;

/** Paying the next instalment early: the transaction PIN, as for a payment. */
export const loanPayNextSchema = strictObject({ pin: transactionPinField() });

/** The digits of an SSN as typed ("123-45-6789" or "123456789"). */
export const ssnDigits = (ssn: string) => ssn.replace(/\D/g, '');
