// Payments out and in: same-bank, local and international transfers, their authorisation, scheduling and settlement.
export { sameBankPaymentRider, type PaymentRiderAnswer } from './payment-rider';
export { holdFunds } from './scheduled-transfers';
export { quote } from './transfer-quote';
export { TRANSFER_COLUMNS, type TransferRow, customerContact, loadSender } from './transfers.queries';
export { default as transfersRoutes } from './transfers.routes';
