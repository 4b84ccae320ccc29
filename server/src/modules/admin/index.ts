// The admin module's public surface: what other modules, the plugins and the app may use.
export { default as adminRoutes } from './admin.routes';
export { AdminService } from './admin.service';
