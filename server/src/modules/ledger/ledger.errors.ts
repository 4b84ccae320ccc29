import { AppError } from '../../common/app-error';

export const insufficientFunds = () => new AppError(400, 'Insufficient funds', { amount: 'Insufficient funds' });
export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(`ledger invariant violated: ${message}`);
    this.name = 'LedgerInvariantError';
  }
}

/** The journal would take its account past the daily outbound limit; the caller words the answer. */
export class OutboundLimitExceeded extends Error {
  constructor() {
    super('daily outbound limit exceeded');
    this.name = 'OutboundLimitExceeded';
  }
}
