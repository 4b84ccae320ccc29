import type { FastifyInstance } from 'fastify';
import { okResponse, responses, simpleRestListQuery } from '../../common/route-schemas';
import { rows } from '../../common/sql';
import { parseListParams, sendList } from '../admin/simple-rest';

const tags = ['admin'];

/** The console's view of the review queue: what waits in each queue, and any item's status history. */
export default async function reviewRoutes(app: FastifyInstance) {
  const anyStaff = app.requireStaff();

  app.get(
    '/admin/review-queue',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Items waiting for a staff decision, per queue',
        response: responses({
          200: okResponse({ queues: { type: 'array', items: { type: 'object', properties: { resource: { type: 'string' }, label: { type: 'string' }, pending: { type: 'integer' } } } } }),
        }),
      },
    },
    async () => ({ success: true, queues: await app.reviewQueues.counts() }),
  );

  app.get(
    '/admin/status-events',
    { preHandler: anyStaff, schema: { tags, summary: 'Status history of one item (filter={"subjectType":"cheque","subjectId":"<uuid>"}), newest last', querystring: simpleRestListQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query as Record<string, unknown>, ['id'], 'id');
      const subjectType = typeof params.filter.subjectType === 'string' ? params.filter.subjectType : null;
      const subjectId = typeof params.filter.subjectId === 'string' && /^[0-9a-f-]{36}$/i.test(params.filter.subjectId) ? params.filter.subjectId : null;
      const where = `($1::text IS NULL OR e.subject_type = $1) AND ($2::uuid IS NULL OR e.subject_id = $2)`;
      const items = await rows(
        app.db,
        `SELECT e.id::text, e.subject_type AS "subjectType", e.subject_id AS "subjectId", e.from_status AS "from", e.to_status AS "to", e.actor_type AS "actorType",
                e.actor_id AS "actorId", s.email AS "actorEmail", e.reason, e.created_at AS "createdAt"
           FROM status_events e LEFT JOIN staff_users s ON e.actor_type = 'staff' AND s.id = e.actor_id
          WHERE ${where} ORDER BY e.id ${params.sortOrder === 'DESC' && !subjectId ? 'DESC' : 'ASC'} LIMIT $3 OFFSET $4`,
        [subjectType, subjectId, params.limit, params.offset],
      );
      const [{ count }] = await rows<{ count: string }>(app.db, `SELECT count(*) FROM status_events e WHERE ${where}`, [subjectType, subjectId]);
      return sendList(reply, 'status-events', items, params.offset, Number(count));
    },
  );
}
