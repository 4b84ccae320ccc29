// Shapes on the wire. Money is always a decimal string with two decimals.
import type { AccountType, CustomerStatus, StaffRole, TransactionKind, TransactionStatus, TransactionType, TransferCodeStep } from './enums';

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
  counts: { cards: number; cryptoAssets: number; transactions: number };
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
}

export interface TransferInitiatedDto {
  success: true;
  transferId: string;
  codeStep: TransferCodeStep;
  summary: TransferSummaryDto;
  message?: string;
}
