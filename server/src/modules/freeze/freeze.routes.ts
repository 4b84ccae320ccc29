import type { RouteInstance } from '../../common/type-provider';
import * as yup from 'yup';
import { accountUnfreezeSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { idParams, okResponse, responses } from '../../common/route-schemas';
import { FreezeService } from './freeze.service';

const staffReasonSchema = yup.object({ reason: yup.string().trim().max(500, 'Reason must be at most 500 characters').optional() }).noUnknown(true, 'Unknown field: ${unknown}');

export default async function freezeRoutes(app: RouteInstance) {
  const freeze = new FreezeService(app);
  const tags = ['account'];
  const secretLimit = { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/account/freeze',
    {
      preHandler: app.requireCustomer,
      config: { noBody: true },
      schema: { tags, summary: "'Freeze everything': every card declines and no payment leaves; money still comes in", response: responses({ 200: okResponse({ frozenAt: { type: 'string' } }) }) },
    },
    async (request) => ({ success: true, ...(await freeze.freeze(request.customer!.id, actorOf(request))) }),
  );

  app.post(
    '/account/unfreeze',
    {
      preHandler: app.requireCustomer,
      config: secretLimit,
      schema: { tags, summary: 'Undo Freeze everything with the password and the transaction PIN', body: accountUnfreezeSchema, response: responses({ 200: okResponse() }) },
    },
    async (request) => {
      const input = request.body;
      return { success: true, ...(await freeze.unfreeze(request.customer!.id, input, actorOf(request))) };
    },
  );

  app.patch(
    '/admin/customers/:id/unfreeze',
    {
      preHandler: app.requireStaff(['admin']),
      schema: { tags: ['admin'], summary: "Lift a customer's Freeze everything (audited)", params: idParams, body: staffReasonSchema, response: responses({ 200: okResponse() }) },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return { success: true, ...(await freeze.staffUnfreeze(id, actorOf(request), body.reason)) };
    },
  );
}
