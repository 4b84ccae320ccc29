// Term deposits (docs/decisions/0063-interest.md): opened from a current or savings account at the term's rate,
// locked; renewed or paid out at maturity by the end of day (matureDeposit); withdrawn early less a forfeit.
export { matureDeposit } from './deposit-maturity';
export { default as depositsRoutes } from './deposits.routes';
export { default as depositsAdminRoutes } from './deposits.admin.routes';
