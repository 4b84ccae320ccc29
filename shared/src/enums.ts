// Enumerations of the product's entities (and the states docs/decisions adds). Readonly tuples so both
// yup's oneOf and TypeScript unions come from one list.
export const OCCUPATIONS = [
  'Self employed',
  'Public / Government office',
  'Private / Partnership office',
  'Business / Sales',
  'Trading / Crypto',
  'Military / Paramilitary',
  'Politician / Celebrity',
] as const;
export type Occupation = (typeof OCCUPATIONS)[number];

export const INCOME_RANGES = ['Below $10,000', '$10,000 - $25,000', '$25,001 - $50,000', '$50,001 - $100,000', '$100,001 - $250,000', '$250,001 - $500,000', 'Above $500,000'] as const;
export type IncomeRange = (typeof INCOME_RANGES)[number];

export const ACCOUNT_TYPES = ['savings', 'checking', 'fixed deposit', 'business'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ENROLMENT_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export type EnrolmentCurrency = (typeof ENROLMENT_CURRENCIES)[number];

export const TRANSFER_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF'] as const;
export type TransferCurrency = (typeof TRANSFER_CURRENCIES)[number];

export const TRANSFER_PURPOSES = ['family_support', 'business_payment', 'education', 'medical', 'investment', 'other'] as const;
export type TransferPurpose = (typeof TRANSFER_PURPOSES)[number];

export const CARD_TYPES = ['visa', 'mastercard', 'american_express', 'discover'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** A card's life: an application decided by staff, then an issued card. Freezing is a flag beside it. */
export const CARD_STATUSES = ['pending', 'awaiting_second_approval', 'rejected', 'active', 'blocked'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Why the network interface declined an authorisation. */
export const CARD_DECLINE_REASONS = ['unknown_card', 'card_not_active', 'card_blocked', 'card_frozen', 'card_expired', 'cvv_mismatch', 'currency_not_supported', 'insufficient_credit'] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

export const CARD_AUTHORISATION_STATUSES = ['held', 'captured', 'voided', 'declined'] as const;
export type CardAuthorisationStatus = (typeof CARD_AUTHORISATION_STATUSES)[number];
export const LOAN_TYPES = ['personal', 'home', 'auto', 'student', 'business'] as const;
export const LOAN_PURPOSES = ['debt_consolidation', 'home_improvement', 'major_purchase', 'education', 'business_investment', 'emergency', 'other'] as const;
export type LoanPurpose = (typeof LOAN_PURPOSES)[number];
export const EMPLOYMENT_STATUSES = ['employed', 'self_employed', 'unemployed', 'student', 'retired'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

/** A loan application's life: staff move it to review, then decide (large loans need two admins). */
export const LOAN_STATUSES = ['pending', 'under_review', 'awaiting_second_approval', 'approved', 'rejected'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
/** An instalment is due until collected; a failed collection leaves it missed (retried daily) until paid. */
export const INSTALMENT_STATUSES = ['due', 'paid', 'missed'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['success', 'pending', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_KINDS = [
  'transfer_same',
  'transfer_local',
  'transfer_international',
  'incoming',
  'fee',
  'opening',
  'adjustment',
  'card_payment',
  'refund',
  'cheque_deposit',
  'loan_disbursement',
  'loan_repayment',
  // Between two accounts the same customer holds (an account's balance moved to another as it closes).
  'own_transfer',
  // Interest paid on a deposit (docs/decisions/0063-interest.md).
  'interest',
  // Money into a term deposit as it opens, and out of it at maturity or on early withdrawal.
  'term_deposit',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

// 'closed': the customer left the bank by closing their primary account (docs/decisions/0062-accounts.md).
export const CUSTOMER_STATUSES = ['pending_review', 'approved', 'rejected', 'closed'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const STAFF_ROLES = ['admin', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** docs/decisions/0001: the bank's one-time code, then the transaction PIN, then the summary. */
export const TRANSFER_CODE_STEPS = ['code', 'pin', 'success'] as const;
export type TransferCodeStep = (typeof TRANSFER_CODE_STEPS)[number];
