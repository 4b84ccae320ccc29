import type { RouteInstance } from '../../common/type-provider';
import { actorOf } from '../../common/actor';
import { idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { standingOrderSchema } from './standing-orders.schemas';
import { withTransaction } from '../../db/transaction';
import standingOrderAdminRoutes from './standing-orders.admin.routes';
import { cancelStandingOrder, defineStandingOrderJobs, standingOrdersOf } from './standing-orders.service';

const tags = ['standing orders'];
/**
 * Standing orders (docs/decisions/0053): set up by authenticating a local transfer that repeats (POST
 * /transfer/local with `repeat`); listed and stopped here. Each route reads the caller's own orders only.
 */
export default async function standingOrderRoutes(app: RouteInstance) {
  const customer = app.requireApprovedCustomer;
  defineStandingOrderJobs(app);
  await app.register(standingOrderAdminRoutes);

  app.get(
    '/standing-orders',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: "The caller's standing orders: active ones first (soonest payment first), then the latest 20 that ended",
        response: responses({ 200: okResponse({ items: { type: 'array', items: standingOrderSchema } }) }),
      },
    },
    async (request) => ({ success: true, items: await standingOrdersOf(app.db.manager, request.customer!.id) }),
  );

  app.post(
    '/standing-orders/:id/cancel',
    {
      preHandler: customer,
      config: { noBody: true },
      schema: {
        tags,
        summary: 'Stop a standing order: no later payment is made',
        params: idParamsFor('Standing order not found'),
        response: responses({ 200: okResponse() }),
      },
    },
    async (request) => {
      const { id } = request.params;
      await withTransaction(app.db, (m) => cancelStandingOrder(app, m, id, actorOf(request), request.customer!.id));
      return { success: true, message: 'Standing order stopped. No further payments will be made.' };
    },
  );
}
