// Foreign-exchange rates staff maintain, and the rate every conversion uses (getRate).
export { default as fxAdminRoutes } from './fx.admin.routes';
export { getRate } from './fx.service';
