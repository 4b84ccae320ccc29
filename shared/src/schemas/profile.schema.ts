import * as yup from 'yup';
import { EMAIL_RE, isRealIsoDate, strictObject, text } from './common';

// Profile. Wire names follow the User entity (dob, zipcode); messages are the spec's.
export const profileSchema = strictObject({
  firstName: text().trim().required('First name must be at least 2 characters').min(2, 'First name must be at least 2 characters').max(50, 'First name must be at most 50 characters'),
  middleName: text().trim().max(50, 'Middle name must be at most 50 characters').optional(),
  lastName: text().trim().required('Last name must be at least 2 characters').min(2, 'Last name must be at least 2 characters').max(50, 'Last name must be at most 50 characters'),
  email: text().trim().required('Invalid email address').max(254, 'Invalid email address').matches(EMAIL_RE, 'Invalid email address'),
  phone: text()
    .trim()
    .required('Phone number must be at least 10 digits')
    .max(20, 'Phone number is too long')
    .test('digits', 'Phone number must be at least 10 digits', (v) => (v ?? '').replace(/\D/g, '').length >= 10)
    .matches(/^[0-9+()\-\s]+$/, 'Invalid phone number'),
  dob: text()
    .required('Date of birth is required')
    .test('date', 'Date of birth is required', (v) => isRealIsoDate(v)),
  address: text().trim().required('Address must be at least 10 characters').min(10, 'Address must be at least 10 characters').max(120, 'Address must be at most 120 characters'),
  city: text().trim().required('City must be at least 2 characters').min(2, 'City must be at least 2 characters').max(80, 'City must be at most 80 characters'),
  state: text().trim().required('State must be at least 2 characters').min(2, 'State must be at least 2 characters').max(80, 'State must be at most 80 characters'),
  zipcode: text().trim().required('Zip code must be at least 5 characters').min(5, 'Zip code must be at least 5 characters').max(10, 'Zip/Postal code is too long'),
  country: text().trim().required('Country must be at least 2 characters').min(2, 'Country must be at least 2 characters').max(60, 'Country must be at most 60 characters'),
  occupation: text().trim().max(60, 'Occupation must be at most 60 characters').optional(),
});

const flag = () => yup.boolean().typeError('${path} must be true or false').required('${path} is required');
export const notificationPreferencesSchema = strictObject({
  emailNotifications: flag(),
  smsNotifications: flag(),
  pushNotifications: flag(),
  marketingEmails: flag(),
  securityAlerts: flag(),
  transactionAlerts: flag(),
  lowBalanceAlerts: flag(),
});

export type ProfileInput = yup.InferType<typeof profileSchema>;
