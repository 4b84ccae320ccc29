import { Foundation1760000000000 } from './migrations/1760000000000-foundation.migration';
import { Ledger1760000100000 } from './migrations/1760000100000-ledger.migration';
import { Money1760000100001 } from './migrations/1760000100001-money.migration';
import { CryptoOptions1760000100002 } from './migrations/1760000100002-crypto-options.migration';
import { LedgerBatches1760000200000 } from './migrations/1760000200000-ledger-batches.migration';
import { LedgerKeyedLookups1760000300000 } from './migrations/1760000300000-ledger-keyed-lookups.migration';
import { Cards1760000700000 } from './migrations/1760000700000-cards.migration';

import { ReviewQueue1760000400000 } from './migrations/1760000400000-review-queue.migration';
import { Loans1760000600000 } from './migrations/1760000600000-loans.migration';
import { Cheques1760000500000 } from './migrations/1760000500000-cheques.migration';
import { Identity1760000900000 } from './migrations/1760000900000-identity.migration';
import { CryptoWallet1760001000000 } from './migrations/1760001000000-crypto-wallet.migration';
import { ReferenceDataHistory1760001100000 } from './migrations/1760001100000-reference-data-history.migration';
import { PinAttemptLocks1760000950000 } from './migrations/1760000950000-pin-attempt-locks.migration';
import { FunctionSearchPath1760001200000 } from './migrations/1760001200000-function-search-path.migration';
import { PinAttempts1760001300000 } from './migrations/1760001300000-pin-attempts.migration';
import { PostJournalsGeneratedColumns1760001400000 } from './migrations/1760001400000-post-journals-generated-columns.migration';
import { TimeOrderedKeys1760001500000 } from './migrations/1760001500000-time-ordered-keys.migration';
import { SearchWithoutReference1760001600000 } from './migrations/1760001600000-search-without-reference.migration';
import { LedgerSetWiseChecks1760001700000 } from './migrations/1760001700000-ledger-set-wise-checks.migration';
import { SearchByWords1760001800000 } from './migrations/1760001800000-search-by-words.migration';
import { OutboundWithBalance1760001900000 } from './migrations/1760001900000-outbound-with-balance.migration';
import { PinAttemptTakenAt1760002000000 } from './migrations/1760002000000-pin-attempt-taken-at.migration';
import { OutboundParsedOnce1760002100000 } from './migrations/1760002100000-outbound-parsed-once.migration';
import { AccountNumberVarchar1760002200000 } from './migrations/1760002200000-account-number-varchar.migration';
import { LighterBooking1760002300000 } from './migrations/1760002300000-lighter-booking.migration';
import { QuietStatistics1760002400000 } from './migrations/1760002400000-quiet-statistics.migration';
import { LighterStatistics1760002500000 } from './migrations/1760002500000-lighter-statistics.migration';
import { TransactionsNewestFirst1760002600000 } from './migrations/1760002600000-transactions-newest-first.migration';
import { WithdrawalsIndex1760002700000 } from './migrations/1760002700000-withdrawals-index.migration';
import { ProofOfAddress1760002800000 } from './migrations/1760002800000-proof-of-address.migration';
import { TransferExecuteAt1760002900000 } from './migrations/1760002900000-transfer-execute-at.migration';
import { StaffInvitations1760003000000 } from './migrations/1760003000000-staff-invitations.migration';
import { StandingOrders1760003100000 } from './migrations/1760003100000-standing-orders.migration';
import { SqlSources1760003200000 } from './migrations/1760003200000-sql-sources.migration';
import { Accounts1760003300000 } from './migrations/1760003300000-accounts.migration';
import { CustomerClosed1760003400000 } from './migrations/1760003400000-customer-closed.migration';
import { ClosedAndFrozenAccounts1760003500000 } from './migrations/1760003500000-closed-and-frozen-accounts.migration';
import { Interest1760003600000 } from './migrations/1760003600000-interest.migration';
import { AccountsByProduct1760003700000 } from './migrations/1760003700000-accounts-by-product.migration';

// In order. Never edit a migration that has shipped: add a new one.
export const MIGRATIONS = [
  Foundation1760000000000,
  Ledger1760000100000,
  Money1760000100001,
  CryptoOptions1760000100002,
  LedgerBatches1760000200000,
  LedgerKeyedLookups1760000300000,
  ReviewQueue1760000400000,
  Cheques1760000500000,
  Loans1760000600000,
  Cards1760000700000,
  Identity1760000900000,
  PinAttemptLocks1760000950000,
  CryptoWallet1760001000000,
  ReferenceDataHistory1760001100000,
  // Last: fixes the search_path of every function made before it (a later migration's functions set their own).
  FunctionSearchPath1760001200000,
  // Replaces post_journals; its functions set their own search_path.
  PinAttempts1760001300000,
  // Replaces post_journals again (its entries answer only the columns the database chose).
  PostJournalsGeneratedColumns1760001400000,
  // Sets its own search_path.
  TimeOrderedKeys1760001500000,
  SearchWithoutReference1760001600000,
  LedgerSetWiseChecks1760001700000,
  // Sets its own search_path.
  SearchByWords1760001800000,
  // Replaces apply_postings and post_journals; both set their own search_path.
  OutboundWithBalance1760001900000,
  PinAttemptTakenAt1760002000000,
  OutboundParsedOnce1760002100000,
  AccountNumberVarchar1760002200000,
  LighterBooking1760002300000,
  QuietStatistics1760002400000,
  LighterStatistics1760002500000,
  TransactionsNewestFirst1760002600000,
  WithdrawalsIndex1760002700000,
  ProofOfAddress1760002800000,
  TransferExecuteAt1760002900000,
  StaffInvitations1760003000000,
  StandingOrders1760003100000,
  // Applies server/src/db/sql/*.sql; from here on a change to a function, trigger or view edits its source and adds a
  // migration that pins and applies it (docs/decisions/0056-sql-sources.md).
  SqlSources1760003200000,
  Accounts1760003300000,
  CustomerClosed1760003400000,
  ClosedAndFrozenAccounts1760003500000,
  Interest1760003600000,
  AccountsByProduct1760003700000,
];
