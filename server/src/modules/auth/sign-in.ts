import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATA_RETENTION_YEARS } from '@strongroom/shared';
import { customerById, toUserDto } from '../user';
import { CustomerSessionsService } from './sessions.service';
import { clientOf, setSessionCookies } from './session.http';
import { forbidden } from '../../common/app-error';

export const RELATIONSHIP_ENDED = `Your accounts with Strongroom are closed and you can no longer sign in. We keep your data for ${DATA_RETENTION_YEARS} years, as the law requires; to ask for a statement, write to us.`;

/** A login request with this header gets its token in the body (for API clients) and no cookies. */
export const wantsBearer = (request: FastifyRequest) => request.headers['x-session-mode'] === 'bearer';

/**
 * What every way of signing a customer in ends with (password or passkey): a session, the new-device notice
 * after the answer, and the answer itself (cookies, or a bearer token when asked).
 */
export async function completeCustomerSignIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, customerId: string) {
  const customer = await customerById(app.db.manager, customerId);
  if (!customer) throw new Error('Customer not found');
  // A customer who closed their primary account has left the bank (docs/decisions/0062-accounts.md): told so only
  // after their password or passkey has been checked, so the refusal says nothing to anyone else.
  if (customer.status === 'closed') throw forbidden(RELATIONSHIP_ENDED);
  const session = await app.sessions.create('customer', customerId, clientOf(request));
  const notices = new CustomerSessionsService(app);
  app.background.run('new device notice', () => notices.noticeNewDevice(customerId, session.sessionId));
  const user = await toUserDto(app.db.manager, customer);
  if (wantsBearer(request)) return { success: true, message: 'Signed in', user, token: session.token };
  setSessionCookies(reply, app.sessions, 'customer', session.token, session.csrfToken);
  return { success: true, message: 'Signed in', user, csrfToken: session.csrfToken };
}
