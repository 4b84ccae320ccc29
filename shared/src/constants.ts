// Business constants of the product (docs/decisions for where we differ from the brief). Money constants are decimal strings: convert with money.ts.
export const STORAGE_KEYS = { auth: 'auth', theme: 'theme' } as const;

export const ACCOUNT_NUMBER_LENGTH = 10;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const PIN_LENGTH = 4;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_RESEND_SECONDS = 30;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const TOAST = { maxSnack: 3, autoHideDurationMs: 4000, anchor: { vertical: 'top', horizontal: 'center' } } as const;
export const DASHBOARD_RECENT_COUNT = 3;
export const BALANCE_COUNT_UP_MS = 700;
export const BALANCE_MASK = '********';

export const LOAN_RATES = { personal: 6.99, home: 3.99, auto: 4.99, student: 2.99, business: 7.99 } as const;
export const DEFAULT_LOAN_RATE = 6.99;
export const CALCULATOR_DEFAULTS = { amount: 25000, ratePct: 6.99, termMonths: 36 } as const;

export const SAME_BANK_FEE = '0.00';
/** SPEC leaves the local fee open ('may apply'); we charge a flat, disclosed fee (docs/decisions/0004). */
export const LOCAL_FEE = '5.00';
export const INTERNATIONAL_MIN_AMOUNT = '10.00';
export const INTERNATIONAL_FEE = { min: '15.00', basisPoints: 100 } as const;
export const SUPPORT_LARGE_TRANSFER = '10000.00';
export const DEFAULT_DAILY_OUTBOUND_LIMIT = '25000.00';

export const SESSION_IDLE_MINUTES = 15;
export const SESSION_ABSOLUTE_HOURS = 12;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const TRANSFER_CODE_TTL_MINUTES = 5;

export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  AUD: 'A$',
  CAD: 'C$',
  CHF: '₣',
  CNY: '¥',
  HKD: 'HK$',
  JPY: '¥',
  INR: '₹',
  RUB: '₽',
  NGN: '₦',
};

export const SUPPORT = { phone: '+1 (800) 555-0199', email: 'support@strongroom.bank' } as const;
