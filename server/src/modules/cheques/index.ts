// The cheques module's public surface: what other modules, the plugins and the app may use.
export { default as chequesRoutes } from './cheques.routes';
