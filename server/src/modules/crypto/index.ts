// The crypto module's public surface: what other modules, the plugins and the app may use.
export { default as cryptoOptionsAdminRoutes } from './crypto-options.admin.routes';
export { countCryptoHoldings } from './crypto.queries';
export { default as cryptoRoutes } from './crypto.routes';
