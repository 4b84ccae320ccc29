// The freeze module's public surface: what other modules, the plugins and the app may use.
export { assertCustomerNotFrozen, assertNotFrozen } from './freeze.guard';
export { default as freezeRoutes } from './freeze.routes';
