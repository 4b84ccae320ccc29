import * as yup from 'yup';
import { ACCOUNT_TYPES, ENROLMENT_CURRENCIES, INCOME_RANGES, OCCUPATIONS } from '../enums';
import { UPLOAD_MAX_BYTES } from '../constants';
import { DIGITS_RE, EMAIL_RE, ageOn, isRealIsoDate, strictObject, text } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_WEAK_MESSAGE, passwordStrongEnough } from '../password-policy';

/**
 * A password being set (enrolment, change, reset): the one policy in password-policy.ts, with the spec's
 * length messages.
 */
export const newPasswordField = () =>
  text()
    .required('Password must be at least 8 characters')
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
    .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters')
    .test('strength', PASSWORD_WEAK_MESSAGE, (v) => !v || v.length < PASSWORD_MIN_LENGTH || v.length > PASSWORD_MAX_LENGTH || passwordStrongEnough(v));

// Login
export const loginSchema = strictObject({
  accountNumber: text()
    .required('Account number must be 10 digits')
    .matches(/^\d{10}$/, 'Account number must be 10 digits'),
  password: text()
    .required('Password must be at least 8 characters')
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
    .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters'),
});

const sixDigitCode = () =>
  text()
    .required('Code must be 6 digits')
    .matches(/^\d{6}$/, 'Code must be 6 digits');
const email = (message: string) => text().trim().required(message).max(254, message).matches(EMAIL_RE, message);

export const verifyCodeSchema = strictObject({ code: sixDigitCode() });
export const verifyEmailSchema = strictObject({ email: email('Enter a valid email address'), code: sixDigitCode() });
export const resendCodeSchema = strictObject({ email: email('Enter a valid email address') });
export const forgotPasswordSchema = strictObject({ email: email('Enter a valid email address') });

// Enrolment step 1: personal details
export const enrolmentPersonalShape = {
  firstName: text().trim().required('First name is required').min(2, 'First name is required').max(50, 'First name must be at most 50 characters'),
  middleName: text().trim().max(50, 'Middle name must be at most 50 characters').optional(),
  lastName: text().trim().required('Last name is required').min(2, 'Last name is required').max(50, 'Last name must be at most 50 characters'),
  dob: text()
    .required('Date of birth is required')
    .test('date', 'Date of birth is required', (v) => isRealIsoDate(v))
    .test('adult', 'You must be at least 18 years old', (v) => !isRealIsoDate(v) || ageOn(v as string) >= 18)
    .test('plausible', 'Enter a valid date of birth', (v) => !isRealIsoDate(v) || ageOn(v as string) <= 120),
  country: text().trim().required('Country is required').max(60, 'Country is required'),
  state: text().trim().required('State/Province is required').max(80, 'State/Province is required'),
  city: text().trim().required('City is required').max(80, 'City must be at most 80 characters'),
  zipcode: text()
    .trim()
    .required('Zip/Postal code is too short')
    .min(3, 'Zip/Postal code is too short')
    .max(10, 'Zip/Postal code is too long')
    .matches(/^[A-Za-z0-9\- ]+$/, 'Invalid zip/postal code'),
  phone: text()
    .trim()
    .required('Phone number is too short')
    .min(7, 'Phone number is too short')
    .max(20, 'Phone number is too long')
    .matches(/^[0-9+()\-\s]+$/, 'Invalid phone number'),
  email: email('Enter a valid email address'),
  address: text().trim().required('Residential address is required').min(5, 'Residential address is required').max(120, 'Residential address must be at most 120 characters'),
};
export const enrolmentPersonalSchema = strictObject(enrolmentPersonalShape);

// Enrolment step 2: employment
export const enrolmentEmploymentShape = {
  occupation: text()
    .required('Please select your occupation')
    .oneOf([...OCCUPATIONS], 'Please select your occupation'),
  incomeRange: text()
    .required('Please select your annual income range')
    .oneOf([...INCOME_RANGES], 'Please select your annual income range'),
};
export const enrolmentEmploymentSchema = strictObject(enrolmentEmploymentShape);

// Enrolment step 3: account (the server checks the passport by its bytes; the form checks what it can)
export const enrolmentAccountShape = {
  accountType: text()
    .required('Please select an account type')
    .oneOf([...ACCOUNT_TYPES], 'Please select an account type'),
  currency: text()
    .required('Please select a currency')
    .oneOf([...ENROLMENT_CURRENCIES], 'Please select a currency'),
  transactionPin: text()
    .required('PIN must be exactly 4 digits')
    .matches(/^\d{4}$/, 'PIN must be exactly 4 digits'),
  password: newPasswordField(),
};

/** A picked file: a browser File, or the server's { size, mimetype }. */
interface FileLike {
  size: number;
  type?: string;
  mimetype?: string;
}
const PHOTO_TYPES = ['image/jpeg', 'image/jpg', 'image/png'];
const PROOF_OF_ADDRESS_TYPES = [...PHOTO_TYPES, 'application/pdf'];
export const PASSPORT_MISSING_MESSAGE = 'Please upload a passport photograph';
export const PROOF_OF_ADDRESS_MISSING_MESSAGE = 'Please upload a proof of address';
export const PROOF_OF_ADDRESS_TYPE_MESSAGE = 'Only JPG, PNG or PDF files are allowed';
export const PROOF_OF_ADDRESS_SIZE_MESSAGE = 'File must be 5MB or less';

/** A document the application needs, as the form can check it (the server checks its bytes again). */
const documentField = (rule: { missingMessage: string; sizeMessage: string; typeMessage: string; types: string[] }) =>
  yup
    .mixed<FileLike>()
    .test('present', rule.missingMessage, (f) => !!f && typeof (f as FileLike).size === 'number')
    .test('size', rule.sizeMessage, (f) => !f || (f as FileLike).size <= UPLOAD_MAX_BYTES)
    .test('type', rule.typeMessage, (f) => !f || rule.types.includes(((f as FileLike).type ?? (f as FileLike).mimetype ?? '').toLowerCase()));
/** The passport photograph: JPG or PNG, 5 MB or less. */
export const passportField = () =>
  documentField({ missingMessage: PASSPORT_MISSING_MESSAGE, sizeMessage: 'Image must be 5MB or less', typeMessage: 'Only JPG or PNG images are allowed', types: PHOTO_TYPES });
/**
 * A utility bill, bank or tax letter with the applicant's name and address (docs/decisions/0047): a photo of it, or
 * the PDF it was sent as (0049).
 */
export const proofOfAddressField = () =>
  documentField({
    missingMessage: PROOF_OF_ADDRESS_MISSING_MESSAGE,
    sizeMessage: PROOF_OF_ADDRESS_SIZE_MESSAGE,
    typeMessage: PROOF_OF_ADDRESS_TYPE_MESSAGE,
    types: PROOF_OF_ADDRESS_TYPES,
  });

export const enrolmentAccountSchema = strictObject({ ...enrolmentAccountShape, passport: passportField(), proofOfAddress: proofOfAddressField() });

/** The registration payload the server accepts (the two photos travel separately and are checked by their bytes). */
export const registerSchema = strictObject({
  ...enrolmentPersonalShape,
  ...enrolmentEmploymentShape,
  ...enrolmentAccountShape,
});

export const changePasswordRequestSchema = strictObject({
  currentPassword: text().required('Current password is required').max(128, 'Current password is required'),
  newPassword: newPasswordField(),
});
export const changePasswordSchema = strictObject({
  currentPassword: text().required('Current password is required'),
  newPassword: newPasswordField(),
  confirmPassword: text()
    .required('Please confirm your password')
    .oneOf([yup.ref('newPassword')], "Passwords don't match"),
});

export const resetPasswordRequestSchema = strictObject({
  token: text()
    .required('This reset link is invalid or has expired')
    .matches(/^[A-Za-z0-9_-]{20,200}$/, 'This reset link is invalid or has expired'),
  newPassword: newPasswordField(),
});
export const resetPasswordSchema = strictObject({
  token: text().required('This reset link is invalid or has expired'),
  newPassword: newPasswordField(),
  confirmPassword: text()
    .required('Please confirm your password')
    .oneOf([yup.ref('newPassword')], "Passwords don't match"),
});

export const STAFF_OTP_MESSAGE = 'Enter the 6-digit code from your authenticator app, or a recovery code';
export const staffLoginSchema = strictObject({
  email: email('Enter a valid email address'),
  password: text().required('Password is required').max(128, 'Password is required'),
  // The second factor: a 6-digit TOTP code, or one of the recovery codes shown at enrolment.
  otp: text()
    .trim()
    .optional()
    .matches(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { message: STAFF_OTP_MESSAGE, excludeEmptyString: true }),
});

export const rejectReasonSchema = strictObject({
  reason: text().trim().required('A reason is required').min(3, 'A reason is required').max(500, 'Reason must be at most 500 characters'),
});

export const transactionPinField = () =>
  text()
    .required('PIN must be exactly 4 digits')
    .matches(/^\d{4}$/, 'PIN must be exactly 4 digits');
export { DIGITS_RE };

export type RegisterInput = yup.InferType<typeof registerSchema>;
export type LoginInput = yup.InferType<typeof loginSchema>;

// Changing the e-mail address (Profile > Security): the current password, then a code sent to the new address.
export const emailChangeRequestSchema = strictObject({
  newEmail: email('Enter a valid email address'),
  currentPassword: text().required('Current password is required').max(128, 'Current password is required'),
});
export const emailChangeConfirmSchema = strictObject({ code: sixDigitCode() });

export const passkeyNameSchema = text().required('Give this passkey a name').matches(/\S/, 'Give this passkey a name').max(60, 'Name must be at most 60 characters');
