// 'Freeze everything': a customer stops all money leaving and card use in one tap. Other modules ask the guard
// exported here before they move money.
export { assertCustomerNotFrozen, assertNotFrozen } from './freeze.guard';
export { default as freezeRoutes } from './freeze.routes';
