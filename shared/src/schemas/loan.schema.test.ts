import { ValidationError } from 'yup';
import { loanApplicationSchema, loanPayNextSchema } from './loan.schema';
import { validationErrors } from './common';

function errorsOf(schema: { validateSync: (v: unknown, o: object) => unknown }, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false, strict: true });
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return validationErrors(err);
    throw err;
  }
}

const validLoanApplication = {
  loanType: 'personal',
  loanPurpose: 'debt_consolidation',
  loanAmount: '25000',
  termLength: 36,
  firstName: 'Dana',
  lastName: 'Okafor',
  email: 'dana@example.com',
  phone: '7185550142',
  dateOfBirth: '1990-05-17',
  ssn: '123-45-6789',
  address: '55 Water Street, Apt 3',
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11201',
  employmentStatus: 'employed',
  employerName: 'Acme Corp',
  jobTitle: 'Engineer',
  annualIncome: '85000',
  monthlyRent: '1800',
  downPayment: '0',
  agreeToTerms: true,
};

describe('loanApplicationSchema', () => {
  it('accepts a complete application', () => {
    expect(errorsOf(loanApplicationSchema, validLoanApplication)).toEqual({});
  });

  it('says what the spec says for each field', () => {
    expect(errorsOf(loanApplicationSchema, {})).toEqual({
      loanType: 'Please select a loan type',
      loanPurpose: 'Please select a loan purpose',
      loanAmount: 'Enter an amount',
      termLength: 'Minimum term is 12 months',
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Enter a valid email address',
      phone: 'Phone number must be at least 10 digits',
      dateOfBirth: 'Date of birth is required',
      ssn: 'SSN must be at least 9 characters',
      address: 'Address must be at least 10 characters',
      city: 'City must be at least 2 characters',
      state: 'State must be at least 2 characters',
      zipCode: 'Zip code must be at least 5 characters',
      employmentStatus: 'Please select your employment status',
      employerName: 'Employer name must be at least 2 characters',
      jobTitle: 'Job title must be at least 2 characters',
      annualIncome: 'Enter an amount',
      monthlyRent: 'Enter an amount',
      downPayment: 'Enter an amount',
      agreeToTerms: 'You must agree to the terms and conditions',
    });
  });

  it('holds the minimums and refuses what is not a loan', () => {
    const bad = { ...validLoanApplication, loanAmount: '999.99', termLength: 11, annualIncome: '-1', ssn: '12345678', agreeToTerms: false, loanType: 'yacht', extra: 1 };
    expect(errorsOf(loanApplicationSchema, bad)).toEqual({
      loanAmount: 'Minimum loan amount is $1,000',
      termLength: 'Minimum term is 12 months',
      annualIncome: 'Annual income must be 0 or more',
      ssn: 'SSN must be at least 9 characters',
      agreeToTerms: 'You must agree to the terms and conditions',
      loanType: 'Please select a loan type',
      extra: 'Unknown field: extra',
    });
    expect(errorsOf(loanApplicationSchema, { ...validLoanApplication, loanAmount: '1000', termLength: 12 })).toEqual({});
    expect(errorsOf(loanApplicationSchema, { ...validLoanApplication, loanAmount: '1000000.01', termLength: 361 })).toEqual({
      loanAmount: 'Maximum loan amount is $1,000,000',
      termLength: 'Maximum term is 360 months',
    });
    expect(errorsOf(loanApplicationSchema, { ...validLoanApplication, ssn: '123-45-678x' }).ssn).toBe('SSN must be 9 digits (123-45-6789)');
  });

  it('takes the PIN to pay an instalment early', () => {
    expect(errorsOf(loanPayNextSchema, { pin: '12' })).toEqual({ pin: 'PIN must be exactly 4 digits' });
    expect(errorsOf(loanPayNextSchema, { pin: '2468' })).toEqual({});
  });
});
