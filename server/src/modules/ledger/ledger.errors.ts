import { AppError } from '../../common/app-error';

export const insufficientFunds = () => new AppError(400, 'Insufficient funds', { amount: 'Insufficient funds' });
/** A payment to or from an account that closed while it was on its way (post_journals' SRB06). */
export const accountClosed = () => new AppError(409, 'This account is closed');
/** Money leaving an account staff froze (post_journals' SRB07), whichever way the payment came. */
export const accountFrozen = () => new AppError(403, 'This account is frozen: money cannot leave it. Please contact us');
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
