// The accounts module's public surface: what a customer holds (docs/decisions/0062-accounts.md), who may do what
// with it, and the account a request acts on.
export { CAPABILITIES, ROLE_CAPABILITIES, refusalFor, roleMay, type Capability } from './account-roles';
export {
  accountById,
  accountByNumber,
  chargeDependantAllowance,
  heldAccounts,
  primaryAccount,
  type AccountProduct,
  type AccountRow,
  type AccountStatus,
  type HeldAccountRow,
  type HolderRole,
} from './accounts.queries';
export { accountNotFound, newAccountNumber, openFurtherAccount, resolveAccount } from './accounts.service';
export { default as holdersRoutes } from './holders.routes';
export { default as accountsAdminRoutes } from './accounts.admin.routes';
export { default as accountsRoutes } from './accounts.routes';
export { default as accountInterestRoutes } from './account-interest.routes';
export { accountReviewKind, ACCOUNT_SUBJECT } from './accounts.review';
export { ledgerAccountOf, type AccountLedgerRow } from './account-ledger.queries';
export { ACCOUNT_ID_MESSAGE, accountIdField } from './account-id.schema';
export { PAYABLE_ACCOUNT_BY_NUMBER, outboundToday, payableAccountByNumber, paymentSourceOf, type PayableAccountRow, type PaymentSourceRow } from './accounts-payments.queries';
