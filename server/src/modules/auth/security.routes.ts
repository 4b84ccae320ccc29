import type { RouteInstance } from '../../common/type-provider';
import { emailChangeConfirmSchema, emailChangeRequestSchema } from '@strongroom/shared';
import { idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { CustomerSessionsService } from './sessions.service';
import { EmailChangeService } from './email-change.service';
import { userSchema } from '../user';

const tags = ['security'];
const sessionIdParams = idParamsFor('Session not found');
const messageOnly = responses({ 200: okResponse() });
/** A session as Profile > Security lists it (SessionView). */
const sessionSchema = {
  type: 'object',
  required: ['id', 'device', 'ip', 'startedAt', 'lastSeenAt', 'current', 'active'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    device: { type: 'string' },
    ip: { type: ['string', 'null'] },
    startedAt: { type: 'string', format: 'date-time' },
    lastSeenAt: { type: 'string', format: 'date-time' },
    current: { type: 'boolean' },
    active: { type: 'boolean' },
  },
};

/** Profile > Security: sessions and sign-in history, and changing the e-mail address. */
export default async function securityRoutes(app: RouteInstance) {
  const sessions = new CustomerSessionsService(app);
  const emailChange = new EmailChangeService(app);
  const customer = app.requireCustomer;
  const codeLimit = { rateLimit: { max: Math.max(10, app.config.loginRateLimitPerMinute), timeWindow: '1 minute' } };

  app.get(
    '/auth/sessions',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'Where this customer is signed in (device, IP, started, last seen) and recent sign-ins',
        response: responses({ 200: okResponse({ sessions: { type: 'array', items: sessionSchema }, history: { type: 'array', items: sessionSchema } }) }),
      },
    },
    async (request) => {
      return { success: true, ...(await sessions.list(request.customer!.id, request.customer!.sessionId)) };
    },
  );

  app.delete('/auth/sessions/:id', { preHandler: customer, schema: { tags, summary: 'Sign one of your sessions out', params: sessionIdParams, response: messageOnly } }, async (request) => {
    const { id } = request.params;
    await sessions.signOut(request.customer!.id, id);
    return { success: true, message: 'That session is signed out' };
  });

  app.post(
    '/auth/sessions/sign-out-others',
    { preHandler: customer, config: { noBody: true }, schema: { tags, summary: 'Sign out every session but this one', response: messageOnly } },
    async (request) => {
      await sessions.signOutOthers(request.customer!.id, request.customer!.sessionId);
      return { success: true, message: 'You are signed out everywhere else' };
    },
  );

  app.post(
    '/auth/email-change',
    {
      preHandler: customer,
      config: codeLimit,
      schema: { tags, summary: 'Start changing the e-mail address: current password; a code goes to the new address', body: emailChangeRequestSchema, response: messageOnly },
    },
    async (request) => {
      const { newEmail, currentPassword } = request.body;
      const email = await emailChange.request(request.customer!.id, currentPassword, newEmail);
      return { success: true, message: `We sent a 6-digit code to ${email}. Enter it to confirm your new address.` };
    },
  );

  app.post(
    '/auth/email-change/confirm',
    {
      preHandler: customer,
      config: codeLimit,
      schema: { tags, summary: 'Confirm the new e-mail address with the code sent to it', body: emailChangeConfirmSchema, response: responses({ 200: okResponse({ user: userSchema }) }) },
    },
    async (request) => {
      const { code } = request.body;
      const user = await emailChange.confirm(request.customer!.id, code);
      return { success: true, message: 'Your e-mail address is changed', user };
    },
  );
}
