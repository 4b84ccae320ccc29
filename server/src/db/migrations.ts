import { Foundation1760000000000 } from './migrations/1760000000000-foundation.migration';
import { Ledger1760000100000 } from './migrations/1760000100000-ledger.migration';
import { Money1760000100001 } from './migrations/1760000100001-money.migration';
import { CryptoOptions1760000100002 } from './migrations/1760000100002-crypto-options.migration';
import { LedgerOneCall1760000200000 } from './migrations/1760000200000-ledger-one-call.migration';
import { LedgerBatches1760000200001 } from './migrations/1760000200001-ledger-batches.migration';
import { LedgerSetChecks1760000200002 } from './migrations/1760000200002-ledger-set-checks.migration';

// In order. Never edit a migration that has shipped: add a new one.
export const MIGRATIONS = [Foundation1760000000000, Ledger1760000100000, Money1760000100001, CryptoOptions1760000100002, LedgerOneCall1760000200000, LedgerBatches1760000200001, LedgerSetChecks1760000200002];
