import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import { CryptoRequestList } from './CryptoRequestList';
import { CryptoRequestShow } from './CryptoRequestShow';

/** Custody deposits and withdrawals: list, show (receipt, units, fee, decision, history) and menu icon. */
export const list = CryptoRequestList;
export const show = CryptoRequestShow;
export const icon = CurrencyBitcoinIcon;
export { CRYPTO_REQUEST_PENDING_STATUSES } from './crypto-request-record';
