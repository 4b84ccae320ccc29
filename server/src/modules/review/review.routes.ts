import type { RouteInstance } from '../../common/type-provider';
import { okResponse, responses } from '../../common/route-schemas';
import { listStatusEvents } from './status-events.queries';
import { listQuery, sendList } from '../../common/list-paging';

const tags = ['admin'];
const nullableText = { type: ['string', 'null'] };
const statusEventSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    subjectType: { type: 'string' },
    subjectId: { type: 'string', format: 'uuid' },
    from: nullableText,
    to: { type: 'string' },
    actorType: { type: 'string' },
    actorId: nullableText,
    actorEmail: nullableText,
    reason: nullableText,
    createdAt: { type: 'string', format: 'date-time' },
  },
  additionalProperties: true,
};

/** The console's view of the review queue: what waits in each queue, and any item's status history. */
export default async function reviewRoutes(app: RouteInstance) {
  const anyStaff = app.requireStaff();

  app.get(
    '/admin/review-queue',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Items waiting for a staff decision, per queue',
        response: responses({
          200: okResponse({
            queues: {
              type: 'array',
              items: { type: 'object', required: ['resource', 'label', 'pending'], properties: { resource: { type: 'string' }, label: { type: 'string' }, pending: { type: 'integer' } } },
            },
          }),
        }),
      },
    },
    async () => ({ success: true, queues: await app.reviewQueues.counts() }),
  );

  app.get(
    '/admin/status-events',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Status history of one item (filter={"subjectType":"cheque","subjectId":"<uuid>"}), newest last',
        querystring: listQuery(['id'], 'id'),
        response: responses({ 200: { type: 'array', items: statusEventSchema } }),
      },
    },
    async (request, reply) => {
      const params = request.query;
      const subjectType = typeof params.filter.subjectType === 'string' ? params.filter.subjectType : null;
      const subjectId = typeof params.filter.subjectId === 'string' && /^[0-9a-f-]{36}$/i.test(params.filter.subjectId) ? params.filter.subjectId : null;
      const { items, total } = await listStatusEvents(app.db, { subjectType, subjectId, newestFirst: params.sortOrder === 'DESC', limit: params.limit, offset: params.offset });
      return sendList(reply, 'status-events', items, params.offset, total);
    },
  );
}
