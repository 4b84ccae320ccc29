// Payments out and in: same-bank, local and international transfers, their authorisation, scheduling and settlement.
export { sameBankPaymentRider, type PaymentRiderAnswer } from './payment-rider';
