import type { RouteInstance } from '../../common/type-provider';
import { STANDING_ORDER_STATUSES, type StandingOrderStatus } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { isUuid } from '../../common/ids';
import { idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { withTransaction } from '../../db/transaction';
import { listQuery, sendList } from '../../common/list-paging';
import { STAFF_SORTABLE } from './standing-orders.queries';
import { cancelStandingOrder, standingOrderForStaff, standingOrdersForStaff } from './standing-orders.service';
import { staffStandingOrderSchema } from './standing-orders.schemas';

const tags = ['admin'];
const orderParams = idParamsFor('Standing order not found');

/**
 * Staff read customers' standing orders (a customer asking why a payment left), and an admin stops one at the
 * customer's request: audited, and the customer is told (docs/decisions/0053).
 */
export default async function standingOrderAdminRoutes(app: RouteInstance) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  app.get(
    '/admin/standing-orders',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Standing orders (ra-data-simple-rest list; filter by customerId and status)',
        querystring: listQuery(Object.keys(STAFF_SORTABLE) as (keyof typeof STAFF_SORTABLE)[], 'createdAt'),
        response: responses({ 200: { type: 'array', items: staffStandingOrderSchema } }),
      },
    },
    async (request, reply) => {
      const page = request.query;
      const { customerId, status } = page.filter;
      const { items, total } = await standingOrdersForStaff(app.db.manager, {
        customerId: typeof customerId === 'string' && isUuid(customerId) ? customerId : undefined,
        status: (STANDING_ORDER_STATUSES as readonly unknown[]).includes(status) ? (status as StandingOrderStatus) : undefined,
        sortColumn: STAFF_SORTABLE[page.sortField],
        direction: page.sortOrder,
        limit: page.limit,
        offset: page.offset,
      });
      return sendList(reply, 'standing-orders', items, page.offset, total);
    },
  );

  app.get(
    '/admin/standing-orders/:id',
    { preHandler: anyStaff, schema: { tags, summary: 'One standing order', params: orderParams, response: responses({ 200: staffStandingOrderSchema }) } },
    async (request) => standingOrderForStaff(app.db.manager, request.params.id),
  );

  app.post(
    '/admin/standing-orders/:id/cancel',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: { tags, summary: "Stop a customer's standing order at their request (staff admin, audited; the customer is e-mailed)", params: orderParams, response: responses({ 200: okResponse() }) },
    },
    async (request) => {
      await withTransaction(app.db, (m) => cancelStandingOrder(app, m, request.params.id, actorOf(request)));
      return { success: true, message: 'Standing order stopped. The customer has been e-mailed.' };
    },
  );
}
