import { MAX_OPEN_ACCOUNTS } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import type { CloseBlockers } from './account-closing.queries';

export const tooManyAccounts = () => new AppError(409, `You can have at most ${MAX_OPEN_ACCOUNTS} open accounts. Close one you no longer use before opening another.`, undefined, 'too_many_accounts');

export const notOpenYet = () => new AppError(409, 'This account has not been opened yet: it is waiting for our decision', undefined, 'account_not_open');

export const primaryClosesLast = () =>
  new AppError(409, 'Your primary account closes last: close your other accounts first. Closing it ends your relationship with Strongroom.', undefined, 'primary_closes_last');

export const onlyOwnerLeaves = () => new AppError(403, "Only the account's owner can close their primary account", undefined, 'account_refused');

/** The balance must go somewhere before the account closes. */
export const balanceRemains = (balance: string) => {
  const message = `This account still holds ${balance}. Choose one of your accounts in the same currency to move it to, or move it out first.`;
  return new AppError(409, message, { sweepToAccountId: message }, 'balance_remains');
};

export const sweepTargetNotFound = () => {
  const message = 'Choose one of your accounts to move the balance to';
  return new AppError(404, 'Account not found', { sweepToAccountId: message });
};

export const sweepToItself = () => {
  const message = 'Choose another account to move the balance to';
  return new AppError(400, message, { sweepToAccountId: message });
};

export const sweepTargetRefused = (reason: string) => new AppError(409, `The balance cannot be moved there: ${reason}`, { sweepToAccountId: reason }, 'sweep_refused');

export const sweepCurrencyDiffers = (from: string, to: string) => {
  const message = `The balance is in ${from} and that account holds ${to}: choose an account in ${from}, or move the money out first.`;
  return new AppError(409, message, { sweepToAccountId: message }, 'sweep_currency');
};

/** Each record that keeps an account open, as the customer is told. */
const BLOCKER_MESSAGES: Readonly<Record<keyof CloseBlockers, string>> = {
  payments_in_progress: 'a payment from it is still in progress; wait until it is sent or refused',
  scheduled_transfers: 'it has transfers scheduled for later; cancel them first',
  standing_orders: 'it has active standing orders; stop them first',
  cards: 'a card is linked to it; ask us to block the card first',
  card_applications: 'a card application on it is waiting for our decision',
  loan_applications: 'a loan application on it is waiting for our decision',
  unrepaid_loans: 'a loan on it is not repaid yet',
  cheques: 'a cheque deposit to it is waiting for our decision',
};

export function closeBlocked(blockers: CloseBlockers) {
  const reasons = (Object.keys(BLOCKER_MESSAGES) as (keyof CloseBlockers)[]).filter((key) => blockers[key]).map((key) => BLOCKER_MESSAGES[key]);
  return reasons.length === 0 ? null : new AppError(409, `This account cannot be closed yet: ${reasons.join('; ')}.`, undefined, 'close_blocked');
}

export const openingRefused = (message: string) => new AppError(403, message, undefined, 'customer_refused');

/** A term deposit's account closes when the deposit matures or is withdrawn (modules/deposits), not by the close route. */
export const termDepositCloses = (reason: string) => new AppError(409, reason, undefined, 'term_deposit');
