import { ValidationError } from 'yup';
import { cardApplicationSchema, cardAuthorisationSchema, cardCaptureSchema } from './card.schema';
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

const application = {
  cardType: 'visa',
  firstName: 'Dana',
  lastName: 'Okafor',
  email: 'dana@example.com',
  phone: '7185550142',
  dateOfBirth: '1990-05-17',
  ssn: '123-45-6789',
  address: '55 Water Street, Apt 3',
  city: 'Brooklyn',
  state: 'New York',
  zipCode: '11201',
  creditLimit: '1500.00',
  agreeToTerms: true,
};

describe('cardApplicationSchema', () => {
  it('accepts a complete application, the limit as text or a number', () => {
    expect(errorsOf(cardApplicationSchema, application)).toEqual({});
    expect(errorsOf(cardApplicationSchema, { ...application, creditLimit: 2000 })).toEqual({});
  });

  it('words each rule as the spec does', () => {
    const errors = errorsOf(cardApplicationSchema, { ...application, cardType: 'diners', firstName: 'D', creditLimit: '499', agreeToTerms: false, zipCode: '12', ssn: '12' });
    expect(errors).toMatchObject({
      cardType: 'Please select a card type',
      firstName: 'First name must be at least 2 characters',
      creditLimit: 'Minimum credit limit is $500',
      agreeToTerms: 'You must agree to the terms and conditions',
      zipCode: 'Zip code must be at least 5 characters',
      ssn: 'SSN must be at least 5 characters',
    });
  });

  it('keeps the limit to steps of 500 and refuses typed card details', () => {
    expect(errorsOf(cardApplicationSchema, { ...application, creditLimit: '750.00' }).creditLimit).toBe('Credit limit must be a multiple of $500');
    expect(errorsOf(cardApplicationSchema, { ...application, creditLimit: '50500' }).creditLimit).toBe('Maximum credit limit is $50,000');
    expect(errorsOf(cardApplicationSchema, { ...application, cvv: '123', cardNumber: '4111111111111111' })).toEqual({ cvv: 'Unknown field: cvv', cardNumber: 'Unknown field: cardNumber' });
  });
});

describe('cardAuthorisationSchema', () => {
  const auth = { cardNumber: '4111111111111111', expiry: '09/30', cvv: '123', amount: '12.50', currency: 'USD', merchant: 'Corner Shop' };
  it('takes a network request and refuses malformed ones', () => {
    expect(errorsOf(cardAuthorisationSchema, auth)).toEqual({});
    expect(errorsOf(cardAuthorisationSchema, { ...auth, expiry: '13/30', cvv: '12', cardNumber: '4111-1111' })).toEqual({
      expiry: 'Expiry must be MM/YY',
      cvv: 'CVV must be 3 or 4 digits',
      cardNumber: 'Card number must be 12 to 19 digits',
    });
  });
  it('captures all of a hold when no amount is given', () => {
    expect(errorsOf(cardCaptureSchema, {})).toEqual({});
    expect(errorsOf(cardCaptureSchema, { amount: '0' })).toEqual({ amount: 'Amount must be greater than $0.01' });
  });
});
