// Standing orders: repeating payments to a payee, run by the job queue on their dates.
export { default as standingOrdersRoutes } from './standing-orders.routes';
export { setUpStandingOrder } from './standing-orders.service';
