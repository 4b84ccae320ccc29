// The ledger module's public surface: what other modules, the plugins and the app may use.
export { LedgerBatcher } from './ledger.batcher';
export { OutboundLimitExceeded, insufficientFunds } from './ledger.errors';
export {
  type AccountSummary,
  IdempotencyKeyUsed,
  type JournalInput,
  type PostOptions,
  type PostedJournal,
  type PostingInput,
  creditReferenceOf,
  customerAccountId,
  getAccountSummaries,
  getAccountSummary,
  getMainAccount,
  internalAccountId,
  newReference,
  openCustomerAccount,
  postJournal,
} from './ledger.service';
export { CREDIT_REFERENCE_SUFFIX, TRANSACTION_DTO_COLUMNS, type NewTransaction, type TransactionDtoRow, type TransactionRow } from './transaction-row';
export { accountBalance } from './ledger.queries';
