import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { LoanList } from './LoanList';
import { LoanShow } from './LoanShow';

export const list = LoanList;
export const show = LoanShow;
export const icon = AccountBalanceIcon;
export { LOAN_PENDING_STATUSES } from './loan-status';
