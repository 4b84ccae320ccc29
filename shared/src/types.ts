// Shapes on the wire. Money is always a decimal string with two decimals.
import type {
  AccountType,
  CardAuthorisationStatus,
  CardDeclineReason,
  CardStatus,
  CardType,
  CustomerStatus,
  InstalmentStatus,
  LoanStatus,
  StaffRole,
  TransactionKind,
  TransactionStatus,
  TransactionType,
  TransferCodeStep,
} from './enums';

export interface ApiSuccess {
  success: true;
  message?: string;
}
export interface ApiFailure {
  success: false;
  error: string;
  errors?: Record<string, string>;
}

export interface NotificationPreferences {
  emailNotifications: boolean;
  smsNotifications: boolean;
  pushNotifications: boolean;
  marketingEmails: boolean;
  securityAlerts: boolean;
  transactionAlerts: boolean;
  lowBalanceAlerts: boolean;
}

export interface UserDto {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  occupation: string;
  incomeRange: string;
  accountType: AccountType;
  accountNumber: string;
  accountBalance: string;
  currency: string;
  image: string | null;
  createdAt: string;
  status: CustomerStatus;
  rejectionReason?: string | null;
  emailVerified: boolean;
  numberOfWithdrawals: number;
  preference: { email: boolean; sms: boolean; push: boolean };
  notificationPreferences: NotificationPreferences;
  /** 'Freeze everything' is on since this time: every card declines and no payment leaves. */
  frozenAt: string | null;
}

export interface StaffDto {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

export interface TransactionDto {
  id: string;
  reference: string;
  type: TransactionType;
  kind: TransactionKind;
  status: TransactionStatus;
  description: string;
  category: string;
  amount: string;
  currency: string;
  fees: string;
  recipient: string | null;
  balanceAfter: string | null;
  channel: string;
  location: string | null;
  memo?: string | null;
  createdAt: string;
  accountHolder?: { name: string; accountNumber: string };
  /** Why staff rejected it, when they did. */
  statusReason?: string;
  /** Its status history, oldest first (detail views). */
  timeline?: TimelineEntryDto[];
}

/** One status change of a customer's request, as the customer sees it (staff are 'Strongroom', never named). */
export interface TimelineEntryDto {
  status: string;
  from: string | null;
  at: string;
  reason: string | null;
  by: 'you' | 'Strongroom' | 'system';
}

/** A local or international transfer waiting for its date; cancellable until then. */
export interface ScheduledTransferDto {
  id: string;
  kind: 'transfer_local' | 'transfer_international';
  status: 'scheduled' | 'pending' | 'completed' | 'rejected' | 'cancelled' | 'failed';
  recipientName: string;
  amount: string;
  fee: string;
  currency: string;
  executeOn: string;
  statusReason: string | null;
  createdAt: string;
}

/** A standing order: a local transfer the customer authenticated once, repeated on its dates (docs/decisions/0053). */
export interface StandingOrderDto {
  id: string;
  status: 'active' | 'cancelled' | 'ended' | 'stopped';
  frequency: 'weekly' | 'monthly';
  recipientName: string;
  recipientBankName: string;
  recipientAccountNumber: string;
  amount: string;
  currency: string;
  firstOn: string;
  /** The next payment's date while the order is active. */
  nextOn: string | null;
  untilOn: string | null;
  /** Payments made (held for settlement) so far, the first one included once it went. */
  paymentsMade: number;
  /** Why the latest payment could not be made, until one is made again. */
  lastFailure: string | null;
  createdAt: string;
}

/** A standing order as staff see it: with the customer it belongs to. */
export interface StaffStandingOrderDto extends StandingOrderDto {
  customerId: string;
  customerName: string;
  customerAccountNumber: string;
}

/** The recipient fields of a local transfer that "Pay again" fills in (never the amount, date or memo). */
export const LOCAL_PAYEE_FIELDS = ['recipientName', 'recipientBankName', 'recipientAccountNumber'] as const;
/** The same for an international transfer; the currency is the one the recipient was paid in. */
export const INTERNATIONAL_PAYEE_FIELDS = [
  'recipientName',
  'recipientEmail',
  'recipientPhone',
  'recipientAddress',
  'recipientCity',
  'recipientCountry',
  'recipientBankName',
  'recipientBankAddress',
  'recipientAccountNumber',
  'recipientRoutingNumber',
  'swiftCode',
  'currency',
] as const;

/** Someone the customer paid lately, offered to pay again (GET /v1/transfer/recent-payees). */
export interface RecentSameBankPayeeDto {
  accountNumber: string;
  name: string;
  lastPaidAt: string;
}
export interface RecentOutboundPayeeDto<Field extends string> {
  payee: Record<Field, string>;
  lastPaidAt: string;
}
export interface RecentPayeesDto {
  success: true;
  sameBank: RecentSameBankPayeeDto[];
  local: RecentOutboundPayeeDto<(typeof LOCAL_PAYEE_FIELDS)[number]>[];
  international: RecentOutboundPayeeDto<(typeof INTERNATIONAL_PAYEE_FIELDS)[number]>[];
}

/** A member of staff as the console lists them (GET /v1/admin/staff): never a password, secret or invitation token. */
export interface StaffMemberDto {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** invited: has not set a password yet; deactivated: may not sign in. */
  status: 'invited' | 'active' | 'deactivated';
  active: boolean;
  /** Whether they have set up their authenticator app (they do at first sign-in). */
  authenticatorEnrolled: boolean;
  invitationExpiresAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
}

export interface Paginated<T> {
  success: true;
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface DashboardSummaryDto {
  success: true;
  balance: string;
  currency: string;
  inflow: { amount: string; changePct: number | null };
  outflow: { amount: string; changePct: number | null };
  /** transactions is counted up to 1,000; transactionsCapped says there are more ("1,000+"). */
  counts: { cards: number; cryptoAssets: number; transactions: number; transactionsCapped: boolean };
  recent: TransactionDto[];
  series: { date: string; in: string; out: string }[];
}

export interface TransferSummaryDto {
  amount: string;
  fee: string;
  total: string;
  currency: string;
  recipientName: string;
  rate?: string;
  convertedAmount?: string;
  paymentCurrency?: string;
  /** A transfer dated in the future: the day it will be sent. */
  executeOn?: string;
  /** A standing order: how often it repeats and, if set, the last date it may pay (docs/decisions/0053). */
  repeat?: { frequency: 'weekly' | 'monthly'; untilOn: string | null };
}

export interface TransferInitiatedDto {
  success: true;
  transferId: string;
  codeStep: TransferCodeStep;
  summary: TransferSummaryDto;
  message?: string;
}

export type ChequeStatus = 'pending' | 'awaiting_second_approval' | 'approved' | 'rejected';

/** A deposited cheque as its customer sees it (GET /v1/cheque/user/{userId}). */
export interface ChequeDto {
  id: string;
  amount: string;
  currency: string;
  chequeNumber: string;
  bankName: string;
  accountNumber: string | null;
  issueDate: string | null;
  note: string | null;
  status: ChequeStatus;
  reason: string | null;
  frontImage: string;
  backImage: string;
  /** The credit's reference once approved (links to /transactions/:reference). */
  transactionReference: string | null;
  createdAt: string;
  updatedAt: string;
  timeline: TimelineEntryDto[];
}
export interface LoanInstalmentDto {
  id: string;
  number: number;
  dueDate: string;
  amount: string;
  principal: string;
  interest: string;
  status: InstalmentStatus;
  attempts: number;
  paidAt: string | null;
}

/** A loan as its customer sees it (history card): the SSN never leaves the server whole. */
export interface LoanDto {
  id: string;
  loanType: string;
  loanPurpose: string;
  loanAmount: string;
  currency: string;
  interestRate: string;
  termLength: number;
  monthlyPayment: string;
  totalInterest: string;
  totalAmount: string;
  status: LoanStatus;
  statusReason: string | null;
  ssnLast4: string;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  schedule: LoanInstalmentDto[];
  timeline: TimelineEntryDto[];
}

/** The console's view: the whole application (SSN last 4 only) and where collection stands. */
export interface LoanAdminDto extends LoanDto {
  customerId: string;
  customerName: string;
  accountNumber: string;
  applicant: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dateOfBirth: string;
    address: string;
    city: string;
    state: string;
    zipCode: string;
    employmentStatus: string;
    employerName: string;
    jobTitle: string;
    annualIncome: string;
    monthlyRent: string;
    downPayment: string;
  };
  collection: { paid: number; missed: number; due: number; outstanding: string };
  firstApproval: { by: string | null; at: string } | null;
  disbursementReference: string | null;
}

/** A card as its owner sees it: never the full number or the CVV (those come only from reveal). */
export interface CardDto {
  id: string;
  cardType: CardType;
  status: CardStatus;
  holderName: string;
  /** Last 4 digits once issued. */
  last4: string | null;
  /** 'MM/YY' once issued. */
  expiry: string | null;
  /** Frozen by the customer (this card), or by 'Freeze everything' (all cards). */
  frozen: boolean;
  frozenByAccount: boolean;
  blockReason: string | null;
  rejectionReason: string | null;
  currency: string;
  creditLimit: string;
  balanceOwed: string;
  holds: string;
  availableCredit: string;
  rewards: string;
  createdAt: string;
  issuedAt: string | null;
}

/** POST /card/:id/reveal: shown once, never stored by the app. */
export interface CardRevealDto {
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** One line of a card's activity: a purchase (hold, captured, voided, declined) or a payment towards the balance. */
export interface CardActivityDto {
  id: string;
  kind: 'purchase' | 'payment';
  status: CardAuthorisationStatus | 'success';
  description: string;
  amount: string;
  currency: string;
  declineReason: CardDeclineReason | null;
  createdAt: string;
}

export interface CardAuthorisationDto {
  id: string;
  cardId: string | null;
  cardLast4: string;
  status: CardAuthorisationStatus;
  declineReason: CardDeclineReason | null;
  amount: string;
  capturedAmount: string | null;
  currency: string;
  merchant: string;
  createdAt: string;
}

export interface CardAuthorisationResultDto {
  success: true;
  approved: boolean;
  declineReason?: CardDeclineReason;
  message: string;
  authorisation: CardAuthorisationDto;
}
