import { ValidationError } from 'yup';
import {
  changePasswordSchema,
  PASSWORD_WEAK_MESSAGE,
  enrolmentAccountSchema,
  enrolmentEmploymentSchema,
  enrolmentPersonalSchema,
  internationalTransferSchema,
  localTransferSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  sameBankTransferSchema,
  verifyCodeSchema,
  confirmCodeSchema,
  notificationPreferencesSchema,
  transactionQuerySchema,
  statementQuerySchema,
} from '../index';
import { validationErrors } from './common';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { setPasswordDictionaries } from '../password-policy';

// The server sets the full dictionaries at start (server/src/common/password-dictionaries.ts); so do these tests.
setPasswordDictionaries({ adjacencyGraphs, dictionary });

function errorsOf(schema: { validateSync: (v: unknown, o: object) => unknown }, value: unknown, strict = true): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false, strict });
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return validationErrors(err);
    throw err;
  }
}

const personal = {
  firstName: 'Dana',
  lastName: 'Okafor',
  dob: '1990-05-17',
  country: 'US',
  state: 'New York',
  city: 'Brooklyn',
  zipcode: '11201',
  phone: '+1 (718) 555-0142',
  email: 'dana@example.com',
  address: '55 Water Street',
};

describe('loginSchema', () => {
  it('has the spec messages', () => {
    expect(errorsOf(loginSchema, { accountNumber: '12345', password: 'short' })).toEqual({ accountNumber: 'Account number must be 10 digits', password: 'Password must be at least 8 characters' });
    expect(errorsOf(loginSchema, { accountNumber: '12345678ab', password: 'x'.repeat(129) })).toEqual({
      accountNumber: 'Account number must be 10 digits',
      password: 'Password must be at most 128 characters',
    });
    // The old 20-character maximum is gone: a 21-character password signs in.
    expect(errorsOf(loginSchema, { accountNumber: '1234567890', password: 'x'.repeat(21) })).toEqual({});
    expect(errorsOf(loginSchema, { accountNumber: '1234567890', password: 'longenough' })).toEqual({});
  });
  it('rejects unknown fields and wrong types', () => {
    expect(errorsOf(loginSchema, { accountNumber: '1234567890', password: 'longenough', admin: true })).toEqual({ admin: 'Unknown field: admin' });
    expect(errorsOf(loginSchema, { accountNumber: 1234567890, password: 'longenough' }).accountNumber).toBeDefined();
  });
});

describe('verifyCodeSchema', () => {
  it("says 'Code must be 6 digits'", () => {
    for (const code of ['12345', '1234567', 'abcdef', '']) expect(errorsOf(verifyCodeSchema, { code })).toEqual({ code: 'Code must be 6 digits' });
    expect(errorsOf(verifyCodeSchema, { code: '012345' })).toEqual({});
  });
});

describe('enrolment schemas', () => {
  it('accepts a valid personal step', () => {
    expect(errorsOf(enrolmentPersonalSchema, personal)).toEqual({});
  });
  it('has every personal message', () => {
    expect(errorsOf(enrolmentPersonalSchema, {})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dob: 'Date of birth is required',
      country: 'Country is required',
      state: 'State/Province is required',
      city: 'City is required',
      zipcode: 'Zip/Postal code is too short',
      phone: 'Phone number is too short',
      email: 'Enter a valid email address',
      address: 'Residential address is required',
    });
    expect(
      errorsOf(enrolmentPersonalSchema, { ...personal, firstName: 'D', lastName: 'O', middleName: 'x'.repeat(51), zipcode: '12345678901', phone: '1'.repeat(21), email: 'nope', address: 'abc' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      middleName: 'Middle name must be at most 50 characters',
      zipcode: 'Zip/Postal code is too long',
      phone: 'Phone number is too long',
      email: 'Enter a valid email address',
      address: 'Residential address is required',
    });
    expect(errorsOf(enrolmentPersonalSchema, { ...personal, zipcode: '12#45', phone: '555-CALL-NOW' })).toEqual({ zipcode: 'Invalid zip/postal code', phone: 'Invalid phone number' });
    expect(errorsOf(enrolmentPersonalSchema, { ...personal, address: 'x'.repeat(121) })).toEqual({ address: 'Residential address must be at most 120 characters' });
    expect(errorsOf(enrolmentPersonalSchema, { ...personal, dob: '2015-01-01' })).toEqual({ dob: 'You must be at least 18 years old' });
    expect(errorsOf(enrolmentPersonalSchema, { ...personal, dob: '1990-02-30' })).toEqual({ dob: 'Date of birth is required' });
  });
  it('has the employment messages', () => {
    expect(errorsOf(enrolmentEmploymentSchema, { occupation: 'Astronaut', incomeRange: '' })).toEqual({
      occupation: 'Please select your occupation',
      incomeRange: 'Please select your annual income range',
    });
    expect(errorsOf(enrolmentEmploymentSchema, { occupation: 'Self employed', incomeRange: 'Above $500,000' })).toEqual({});
  });
  it('has the account messages, including the passport and proof-of-address rules', () => {
    expect(errorsOf(enrolmentAccountSchema, { accountType: 'gold', currency: 'JPY', transactionPin: '12a4', password: 'short' })).toEqual({
      accountType: 'Please select an account type',
      currency: 'Please select a currency',
      transactionPin: 'PIN must be exactly 4 digits',
      password: 'Password must be at least 8 characters',
      passport: 'Please upload a passport photograph',
      proofOfAddress: 'Please upload a proof of address',
    });
    const bill = { size: 100, type: 'image/png' };
    const base = { accountType: 'savings', currency: 'USD', transactionPin: '1234', password: 'x'.repeat(129), proofOfAddress: bill };
    expect(errorsOf(enrolmentAccountSchema, { ...base, passport: { size: 6 * 1024 * 1024, type: 'image/png' } })).toEqual({
      password: 'Password must be at most 128 characters',
      passport: 'Image must be 5MB or less',
    });
    expect(errorsOf(enrolmentAccountSchema, { ...base, password: 'Good!Pass1', passport: { size: 100, type: 'image/gif' } })).toEqual({ passport: 'Only JPG or PNG images are allowed' });
    expect(errorsOf(enrolmentAccountSchema, { ...base, password: 'Good!Pass1', passport: { size: 100, mimetype: 'image/jpeg' } })).toEqual({});
    // A proof of address may be the PDF the bill came as; the passport may not.
    expect(errorsOf(enrolmentAccountSchema, { ...base, password: 'Good!Pass1', passport: bill, proofOfAddress: { size: 100, type: 'application/pdf' } })).toEqual({});
    expect(errorsOf(enrolmentAccountSchema, { ...base, password: 'Good!Pass1', passport: { size: 100, type: 'application/pdf' } })).toEqual({
      passport: 'Only JPG or PNG images are allowed',
    });
    expect(errorsOf(enrolmentAccountSchema, { ...base, password: 'Good!Pass1', passport: bill, proofOfAddress: { size: 100, type: 'image/gif' } })).toEqual({
      proofOfAddress: 'Only JPG, PNG or PDF files are allowed',
    });
    expect(errorsOf(enrolmentAccountSchema, { ...base, password: 'Good!Pass1', passport: bill, proofOfAddress: { size: 6 * 1024 * 1024, type: 'application/pdf' } })).toEqual({
      proofOfAddress: 'File must be 5MB or less',
    });
  });
  it('registerSchema takes all three parts and nothing else', () => {
    const all = { ...personal, occupation: 'Self employed', incomeRange: 'Below $10,000', accountType: 'business', currency: 'GBP', transactionPin: '0000', password: 'Demo@2026!' };
    expect(errorsOf(registerSchema, all)).toEqual({});
    expect(errorsOf(registerSchema, { ...all, status: 'approved' })).toEqual({ status: 'Unknown field: status' });
  });
});

describe('profileSchema', () => {
  it('has the spec messages', () => {
    expect(errorsOf(profileSchema, { firstName: 'A', lastName: 'B', email: 'x', phone: '123', dob: '', address: 'short', city: 'C', state: 'D', zipcode: '123', country: 'E' })).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email address',
      phone: 'Phone number must be at least 10 digits',
      dob: 'Date of birth is required',
      address: 'Address must be at least 10 characters',
      city: 'City must be at least 2 characters',
      state: 'State must be at least 2 characters',
      zipcode: 'Zip code must be at least 5 characters',
      country: 'Country must be at least 2 characters',
    });
  });
});

describe('changePasswordSchema', () => {
  it('has the spec messages', () => {
    expect(errorsOf(changePasswordSchema, {})).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Please confirm your password',
    });
    expect(errorsOf(changePasswordSchema, { currentPassword: 'x', newPassword: 'Password1!', confirmPassword: 'other' })).toEqual({
      newPassword: PASSWORD_WEAK_MESSAGE,
      confirmPassword: "Passwords don't match",
    });
    expect(errorsOf(changePasswordSchema, { currentPassword: 'x', newPassword: 'Good!Pass1', confirmPassword: 'Good!Pass1' })).toEqual({});
    // One policy for enrolment and change: any symbol enrolment accepts ('#', '-', '_', ' ') is accepted here.
    for (const password of ['Jordan#2027#x', 'Jordan-2027-x', 'Jordan_2027_x', 'Jordan 2027 x']) {
      expect(errorsOf(registerSchema.pick(['password']), { password })).toEqual({});
      expect(errorsOf(changePasswordSchema, { currentPassword: 'x', newPassword: password, confirmPassword: password })).toEqual({});
    }
  });
});

describe('transfer schemas', () => {
  it('same bank: recipient, minimum amount, PIN', () => {
    expect(errorsOf(sameBankTransferSchema, { amount: '0.00', pin: '' })).toEqual({
      recipientAccountNumber: 'Please enter recipient account number',
      amount: 'Amount must be greater than $0.01',
      pin: 'PIN must be exactly 4 digits',
    });
    expect(errorsOf(sameBankTransferSchema, { recipientAccountNumber: '1234567890', amount: '0.01', pin: '1234' })).toEqual({});
    expect(errorsOf(sameBankTransferSchema, { recipientAccountNumber: '1234567890', amount: 'abc', pin: '1234' })).toEqual({ amount: 'Enter an amount' });
    expect(errorsOf(sameBankTransferSchema, { recipientAccountNumber: '1234567890', amount: ' ', pin: '1234' })).toEqual({ amount: 'Enter an amount' });
    expect(errorsOf(sameBankTransferSchema, { recipientAccountNumber: '1234567890', amount: '-5', pin: '1234' })).toEqual({ amount: 'Amount must be greater than $0.01' });
  });
  it('local: names, account, date', () => {
    expect(errorsOf(localTransferSchema, { recipientName: 'A', recipientBankName: 'B', amount: '5' })).toEqual({
      recipientName: 'Recipient name must be at least 2 characters',
      recipientBankName: 'Bank name must be at least 2 characters',
      recipientAccountNumber: 'Please enter recipient account number',
      transferDate: 'Please select transfer date',
    });
  });
  it('local: a repeat is weekly or monthly, and its last date leaves room for the second payment', () => {
    const base = { recipientName: 'Sam Carter', recipientBankName: 'First Local Bank', recipientAccountNumber: '000123456789', amount: '40.00', transferDate: '2999-01-31' };
    expect(errorsOf(localTransferSchema, { ...base, repeat: 'monthly', repeatUntil: '2999-02-28' })).toEqual({});
    expect(errorsOf(localTransferSchema, { ...base, repeat: 'monthly', repeatUntil: '2999-02-27' })).toEqual({
      repeatUntil: 'The second payment would be on 2999-02-28: choose that date or a later one',
    });
    expect(errorsOf(localTransferSchema, { ...base, repeat: 'none', repeatUntil: '' })).toEqual({});
    expect(errorsOf(localTransferSchema, { ...base, repeat: 'none', repeatUntil: '2999-06-01' })).toEqual({ repeatUntil: 'A last payment date is for a transfer that repeats' });
    expect(errorsOf(localTransferSchema, { ...base, repeat: 'yearly' })).toEqual({ repeat: 'Choose how often it repeats' });
    expect(errorsOf(localTransferSchema, { ...base, repeat: 'weekly', repeatUntil: '2999-02-30' })).toEqual({ repeatUntil: 'Choose a valid last payment date' });
  });
  it('international: minimum 10 and every field rule', () => {
    const errors = errorsOf(internationalTransferSchema, { amount: '9.99' });
    expect(errors).toMatchObject({
      amount: 'Amount must be greater than $10.00',
      recipientEmail: 'Enter a valid email address',
      recipientPhone: 'Phone number must be at least 10 digits',
      recipientAddress: 'Address must be at least 10 characters',
      recipientBankAddress: 'Bank address must be at least 10 characters',
      recipientAccountNumber: 'Account number must be at least 5 characters',
      recipientRoutingNumber: 'Routing number must be at least 5 characters',
      swiftCode: 'SWIFT code must be at least 8 characters',
      currency: 'Please select a currency',
      purpose: 'Please select a purpose',
      transferDate: 'Please select transfer date',
    });
  });
  it('confirm-code takes the code or the PIN, not both', () => {
    const id = '6f9619ff-8b86-4011-b42d-00c04fc964ff';
    expect(errorsOf(confirmCodeSchema, { transferId: id, code: '123456' })).toEqual({});
    expect(errorsOf(confirmCodeSchema, { transferId: id, pin: '1234' })).toEqual({});
    expect(Object.values(errorsOf(confirmCodeSchema, { transferId: id, pin: '1234', code: '123456' }))).toEqual(['Enter the code or your PIN']);
    expect(errorsOf(confirmCodeSchema, { transferId: id, code: '12' })).toEqual({ code: 'Code must be 6 digits' });
  });
});

describe('notificationPreferencesSchema and transactionQuerySchema', () => {
  it('needs all seven booleans', () => {
    expect(Object.keys(errorsOf(notificationPreferencesSchema, { emailNotifications: true }))).toHaveLength(6);
  });
  it('casts query strings and refuses out-of-range pages', () => {
    expect(transactionQuerySchema.validateSync({ page: '2', pageSize: '10' })).toMatchObject({ page: 2, pageSize: 10, type: 'all', status: 'all' });
    expect(errorsOf(transactionQuerySchema, { page: '0' }, false)).toEqual({ page: 'page must be at least 1' });
  });
});

describe('statementQuerySchema', () => {
  it("takes the customer's time zone, UTC when none is said, and refuses a name that is not one", () => {
    expect(statementQuerySchema.validateSync({ from: '2026-11-01', to: '2026-11-30' })).toMatchObject({ format: 'csv', timeZone: 'UTC' });
    expect(errorsOf(statementQuerySchema, { from: '2026-11-01', to: '2026-11-30', format: 'pdf' })).toEqual({});
    expect(errorsOf(statementQuerySchema, { from: '2026-11-01', to: '2026-11-30', timeZone: 'Pacific/Auckland' })).toEqual({});
    expect(errorsOf(statementQuerySchema, { from: '2026-11-01', to: '2026-11-30', timeZone: 'Nowhere/Special' })).toEqual({ timeZone: 'timeZone must be a time zone name such as Europe/London' });
  });
});

describe('password policy', () => {
  it('takes 12 to 128 characters, or a shorter one that scores at least 3', () => {
    const ok = (p: string) => errorsOf(changePasswordSchema, { currentPassword: 'x', newPassword: p, confirmPassword: p }).newPassword;
    expect(ok('plain words here')).toBeUndefined();
    expect(ok('Demo@2026!')).toBeUndefined();
    expect(ok('Password1!')).toBe(PASSWORD_WEAK_MESSAGE);
    expect(ok('x'.repeat(128))).toBeUndefined();
    expect(ok('x'.repeat(129))).toBe('Password must be at most 128 characters');
    expect(ok('Ab1!')).toBe('Password must be at least 8 characters');
  });
});
