// Deposit products and their staff-maintained rates (docs/decisions/0063-interest.md): the published catalogue, the
// console's rate history and changes, and the rates other modules read (term deposits lock depositTermRate).
export { default as productsRoutes } from './products.routes';
export { default as productsAdminRoutes } from './products.admin.routes';
export { depositTermRate, ratesInForce, savingsSchedule } from './products.service';
export type { ScheduleRow, TierRow } from './products.queries';
