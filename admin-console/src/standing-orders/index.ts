export { StandingOrderList as list, StandingOrderShow as show, icon } from './StandingOrders';
