export { StandingOrderList as list, StandingOrderShow as show } from './StandingOrders';
