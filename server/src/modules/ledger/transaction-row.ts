import type { TransactionKind, TransactionStatus, TransactionType } from '@strongroom/shared';

// The ledger writes every row of `transactions` with the journal that moves the money (post_journals): their shape lives
// here, and the transactions module reads them for lists, statements and search.

/** A customer-visible row to write with a journal. */
export interface NewTransaction {
  customerId: string;
  accountId: string;
  type: TransactionType;
  kind: TransactionKind;
  status: TransactionStatus;
  description: string;
  category: string;
  amountMinor: bigint;
  feeMinor?: bigint;
  currency: string;
  recipient?: string | null;
  counterparty?: string | null;
  balanceAfterMinor?: bigint | null;
  channel: string;
  location?: string | null;
  memo?: string | null;
  metadata?: Record<string, unknown>;
  reference?: string;
  /** Only for seeding history; live movements take the database clock. */
  createdAt?: Date;
}

/** A row of `transactions` as the database holds it (and the holder's name and account where a query joins them). */
export interface TransactionRow {
  id: string;
  reference: string;
  customer_id: string;
  type: TransactionType;
  kind: TransactionKind;
  status: TransactionStatus;
  description: string;
  category: string;
  amount_minor: string;
  fee_minor: string;
  currency: string;
  recipient: string | null;
  counterparty: string | null;
  balance_after_minor: string | null;
  channel: string;
  location: string | null;
  memo: string | null;
  metadata: Record<string, unknown>;
  status_reason: string | null;
  created_at: Date;
  holder_name?: string;
  holder_account?: string;
}

/** The columns a customer's view of a transaction reads (what toTransactionDto needs; not metadata, not the owner's ids). */
const TRANSACTION_DTO_COLUMN_NAMES = [
  'id',
  'reference',
  'type',
  'kind',
  'status',
  'description',
  'category',
  'amount_minor',
  'fee_minor',
  'currency',
  'recipient',
  'balance_after_minor',
  'channel',
  'location',
  'memo',
  'status_reason',
  'created_at',
] as const satisfies readonly (keyof TransactionRow)[];
export const TRANSACTION_DTO_COLUMNS = TRANSACTION_DTO_COLUMN_NAMES.join(', ');

/** A row toTransactionDto reads: those columns, and the holder's name and account where the detail view joins them. */
export type TransactionDtoRow = Omit<Pick<TransactionRow, (typeof TRANSACTION_DTO_COLUMN_NAMES)[number] | 'holder_name' | 'holder_account'>, 'created_at'> & {
  /** A Date, or PostgreSQL's text where the list read it so (TIMESTAMPS_AS_TEXT). */
  created_at: Date | string;
};

/**
 * The reference of the credit a same-bank transfer books for its recipient: the debit's and a C, so the two rows of
 * one payment share their reference's characters (search finds both from either one: transactionSearch).
 */
export const CREDIT_REFERENCE_SUFFIX = 'C';
