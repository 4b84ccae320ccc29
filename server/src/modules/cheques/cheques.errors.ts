import { CHEQUE_BACK_REQUIRED_MESSAGE, CHEQUE_FRONT_REQUIRED_MESSAGE } from '@strongroom/shared';
import { AppError, notFound } from '../../common/app-error';

export const chequeNotFound = () => notFound('Cheque not found');
export const customerNotFound = () => notFound('Customer not found');
export const frontImageRequired = () => new AppError(400, CHEQUE_FRONT_REQUIRED_MESSAGE, { frontImage: CHEQUE_FRONT_REQUIRED_MESSAGE });
export const backImageRequired = () => new AppError(400, CHEQUE_BACK_REQUIRED_MESSAGE, { backImage: CHEQUE_BACK_REQUIRED_MESSAGE });

export function currencyNotAccount(accountCurrency: string) {
  const message = `Cheques are credited to your ${accountCurrency} account: deposit cheques written in ${accountCurrency}`;
  return new AppError(400, message, { currency: message });
}

export function issueDateInFuture() {
  const message = 'A cheque cannot be deposited before its issue date';
  return new AppError(400, message, { issueDate: message });
}

/** The paper cheque (or a photo of it) was deposited before and not rejected: it can be paid once. */
export function alreadyDeposited(match: 'drawer' | 'image') {
  return new AppError(
    409,
    match === 'drawer'
      ? 'This cheque has already been deposited: a cheque from this bank with this cheque number and account number is on record.'
      : 'This cheque has already been deposited: the same front image was uploaded before.',
  );
}
