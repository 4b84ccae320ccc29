// Staff: their sign-in with TOTP, invitations and roles, and the console's customer pages. Other modules use the
// staff errors and the customer approval it exposes here.
export { default as adminRoutes } from './admin.routes';
export { AdminService } from './admin.service';
