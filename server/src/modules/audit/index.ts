// The audit module's public surface: what other modules, the plugins and the app may use.
export { recordAudit } from './audit.queries';
export { auditPage, auditTotal } from './audit.queries';
