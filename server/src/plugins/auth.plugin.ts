import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '@strongroom/shared';
import { SessionService, presentedBy, type BesideSession, type CustomerPrincipal, type StaffPrincipal } from '../modules/auth';
import { forbidden } from '../common/app-error';
import { guardFor } from '../common/route-access';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    requireCustomer: PreHandler;
    requireApprovedCustomer: PreHandler;
    /** requireApprovedCustomer that reads what `beside` names (a key, a payment) in the session check's statement (SessionService). */
    requireApprovedCustomerWith(beside: (request: FastifyRequest, customerId: string) => BesideSession | undefined): PreHandler;
    requireStaff(roles?: StaffRole[]): PreHandler;
    /**
     * requireCustomer for a read-only route, with `read` made beside the session check (SessionService
     * authenticateCustomerWhile): sets `request.customer` and gives the read's answer once the check has passed.
     */
    customerReading<T>(request: FastifyRequest, read: (customerId: string) => Promise<T>): Promise<T>;
    /** The customer themselves, or any staff member (the console reads every customer's records): sets `customer` or `staff`. */
    requireCustomerOrStaff: PreHandler;
  }
  interface FastifyRequest {
    customer?: CustomerPrincipal & { csrfToken: string };
    staff?: StaffPrincipal & { csrfToken: string };
  }
}

export const NOT_APPROVED_MESSAGE = 'Your application is under review. You can move money once it is approved.';

export default fp(async function authPlugin(app: FastifyInstance) {
  await app.register(cookie);
  // fast-jwt keeps verified tokens (by their hash, until they expire) so a session's every request does not
  // verify the signature again: ~6% of the server's CPU on a transfer. The session row is still read each time.
  await app.register(jwt, { secret: app.config.keys.sessionSigning, verify: { cache: true } });
  const sessions = new SessionService(app);
  app.decorate('sessions', sessions);
  app.decorateRequest('customer', undefined);
  app.decorateRequest('staff', undefined);

  // Each guard is marked with who it lets in: the API's contract states every operation's security from it.
  app.decorate(
    'requireCustomer',
    guardFor('customer', async (request: FastifyRequest) => {
      request.customer = await sessions.authenticateCustomer(presentedBy(request, sessions));
    }),
  );
  app.decorate('customerReading', async <T>(request: FastifyRequest, read: (customerId: string) => Promise<T>): Promise<T> => {
    const { principal, value } = await sessions.authenticateCustomerWhile(presentedBy(request, sessions), read);
    request.customer = principal;
    return value;
  });
  const approvedCustomer = (beside?: (request: FastifyRequest, customerId: string) => BesideSession | undefined) =>
    guardFor('customer', async (request: FastifyRequest) => {
      request.customer = await sessions.authenticateCustomer(presentedBy(request, sessions), beside && ((customerId) => beside(request, customerId)));
      if (request.customer.status === 'rejected') throw forbidden('Your application was not approved. Please contact support.');
      if (request.customer.status !== 'approved') throw forbidden(NOT_APPROVED_MESSAGE);
    });
  app.decorate('requireApprovedCustomer', approvedCustomer());
  app.decorate('requireApprovedCustomerWith', approvedCustomer);
  app.decorate('requireStaff', (roles?: StaffRole[]) =>
    guardFor('staff', async (request: FastifyRequest) => {
      request.staff = await sessions.authenticateStaff(presentedBy(request, sessions));
      if (roles && !roles.includes(request.staff.role)) throw forbidden('Your role does not allow this action');
    }),
  );
  const customerOrStaff = guardFor('customerOrStaff', async (request: FastifyRequest) => {
    const presented = presentedBy(request, sessions);
    try {
      request.customer = await sessions.authenticateCustomer(presented);
    } catch (err) {
      // Without any staff credential the customer's refusal stands (a 401, not a staff one).
      if (!presented.cookies.staff && !presented.bearer) throw err;
      request.staff = await sessions.authenticateStaff(presented);
    }
  });
  app.decorate('requireCustomerOrStaff', customerOrStaff);
});
