// The audit log: every staff action, appended in the action's own transaction and never changed. Other modules
// record through what is exported here.
export { recordAudit } from './audit.queries';
export { auditPage, auditTotal } from './audit.queries';
