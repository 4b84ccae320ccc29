// The double-entry ledger: the only way money moves (postJournal, the batcher), the internal accounts, and the
// customer-visible rows a journal writes. The database function it calls is server/src/db/sql/ledger.sql.
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
