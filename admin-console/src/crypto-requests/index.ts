import { CryptoRequestList } from './CryptoRequestList';
import { CryptoRequestShow } from './CryptoRequestShow';

/** Custody deposits and withdrawals: list and show (receipt, units, fee, decision, history); the menu icon is icon.ts. */
export const list = CryptoRequestList;
export const show = CryptoRequestShow;
export { CRYPTO_REQUEST_PENDING_STATUSES } from './crypto-request-record';
