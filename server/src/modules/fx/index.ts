// The fx module's public surface: what other modules, the plugins and the app may use.
export { default as fxAdminRoutes } from './fx.admin.routes';
export { getRate } from './fx.service';
