// The standing-orders module's public surface: what other modules, the plugins and the app may use.
export { default as standingOrdersRoutes } from './standing-orders.routes';
export { setUpStandingOrder } from './standing-orders.service';
