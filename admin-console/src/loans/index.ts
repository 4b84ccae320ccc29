import { LoanList } from './LoanList';
import { LoanShow } from './LoanShow';

export const list = LoanList;
export const show = LoanShow;
export { LOAN_PENDING_STATUSES } from './loan-status';
