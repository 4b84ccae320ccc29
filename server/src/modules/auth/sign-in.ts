import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { customerById, toUserDto } from '../user';
import { CustomerSessionsService } from './sessions.service';
import { clientOf, setSessionCookies } from './session.http';

/** A login request with this header gets its token in the body (for API clients) and no cookies. */
export const wantsBearer = (request: FastifyRequest) => request.headers['x-session-mode'] === 'bearer';

/**
 * What every way of signing a customer in ends with (password or passkey): a session, the new-device notice
 * after the answer, and the answer itself (cookies, or a bearer token when asked).
 */
export async function completeCustomerSignIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, customerId: string) {
  const session = await app.sessions.create('customer', customerId, clientOf(request));
  const notices = new CustomerSessionsService(app);
  app.background.run('new device notice', () => notices.noticeNewDevice(customerId, session.sessionId));
  const customer = await customerById(app.db.manager, customerId);
  if (!customer) throw new Error('Customer not found');
  const user = await toUserDto(app.db.manager, customer);
  if (wantsBearer(request)) return { success: true, message: 'Signed in', user, token: session.token };
  setSessionCookies(reply, app.sessions, 'customer', session.token, session.csrfToken);
  return { success: true, message: 'Signed in', user, csrfToken: session.csrfToken };
}
