import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { ChequeList } from './ChequeList';
import { ChequeShow } from './ChequeShow';

/** The cheque deposits resource: list, show (images, duplicates, decision, timeline) and menu icon. */
export const cheques = { list: ChequeList, show: ChequeShow, icon: ReceiptLongIcon };
export { ChequeList, ChequeShow, ReceiptLongIcon as ChequeIcon };
