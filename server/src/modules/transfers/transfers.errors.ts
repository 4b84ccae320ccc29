import { AppError } from '../../common/app-error';

export const recipientNotFound = () => new AppError(404, 'No account found with this account number', { recipientAccountNumber: 'No account found with this account number' });
export const ownAccount = () => new AppError(400, 'You cannot send money to your own account', { recipientAccountNumber: 'You cannot send money to your own account' });
export const recipientUnavailable = () => new AppError(400, 'This account cannot receive payments at the moment', { recipientAccountNumber: 'This account cannot receive payments at the moment' });
export const dailyLimitExceeded = () =>
  new AppError(400, 'This transfer exceeds your daily limit. Please contact support for larger amounts.', {
    amount: 'This transfer exceeds your daily limit. Please contact support for larger amounts.',
  });
export const transferNotFound = () => new AppError(404, 'Transfer not found');
export const notAwaiting = () => new AppError(409, 'This transfer is no longer awaiting confirmation');
export const codeIncorrect = () => new AppError(400, 'Code is incorrect', { code: 'Code is incorrect' });
export const codeExpired = () => new AppError(400, 'This code has expired. Please start the transfer again.', { code: 'This code has expired. Please start the transfer again.' });
export const tooManyAttempts = () => new AppError(429, 'Too many wrong attempts. Please start the transfer again.');
export const codeFirst = () => new AppError(400, 'Enter the code we e-mailed you first', { code: 'Enter the code we e-mailed you first' });
/** A payment awaiting authentication lives this long (no stale FX rate); then it must be started again. */
export const AWAITING_AUTHENTICATION_MINUTES = 30;
export const paymentExpired = () => new AppError(409, 'This payment was not confirmed within 30 minutes and has expired. Please start it again.');
export const pinNext = () => new AppError(400, 'Enter your transaction PIN', { pin: 'Enter your transaction PIN' });

export const pastTransferDate = () => new AppError(400, 'The transfer date cannot be in the past', { transferDate: 'The transfer date cannot be in the past' });
export const notScheduled = () => new AppError(409, 'Only a scheduled transfer can be cancelled');

export const dependantPinNeeded = () =>
  new AppError(400, 'A payment from an account shared with you as a family member is approved with your transaction PIN', {
    pin: 'A payment from an account shared with you as a family member is approved with your transaction PIN',
  });
