import { AppError } from '../../common/app-error';

export const loanNotFound = () => new AppError(404, 'Loan not found');
export const notReviewable = (status: string) => new AppError(409, `This loan application cannot be moved to review while it is ${status.replace(/_/g, ' ')}`);
export const notRepaying = () => new AppError(409, 'Only an approved loan has instalments to pay');
export const nothingToPay = () => new AppError(409, 'This loan is fully repaid');
export const accountMissing = () => new AppError(409, 'This customer has no account to pay the loan into');
export const customerNotFound = () => new AppError(404, 'Customer not found');
