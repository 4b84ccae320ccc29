import type { RouteInstance } from '../../common/type-provider';
import * as yup from 'yup';
import { chequeDepositSchema, chequeListQuerySchema, rejectReasonSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { customerKeyScope } from '../../plugins/idempotency.plugin';
import { readUploads, uploadedFiles } from '../../common/multipart';
import { idParamsFor, moneySchema, okResponse, responses, timelineSchema, uuid } from '../../common/route-schemas';
import { sha256Hex } from '../../common/crypto';
import type { StoredFileEntity } from '../files';
import { listQuery, sendList } from '../../common/list-paging';
import { decide } from '../review';
import { ChequesService, imageRules } from './cheques.service';
import { chequeReviewKind } from './cheques.review';
import { CHEQUE_SORTS, PENDING_CHEQUES_SQL, type ChequeStatusValue } from './cheques.queries';
import { customerNotFound } from './cheques.errors';
import { isUuid } from '../../common/ids';
import { accountIdField } from '../accounts';

const tags = ['cheques'];
const IMAGE_FIELDS = ['frontImage', 'backImage'] as const;
const STATUSES: ChequeStatusValue[] = ['pending', 'awaiting_second_approval', 'approved', 'rejected'];

const chequeSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    amount: moneySchema,
    currency: { type: 'string' },
    chequeNumber: { type: 'string' },
    bankName: { type: 'string' },
    accountNumber: { type: ['string', 'null'] },
    issueDate: { type: ['string', 'null'] },
    note: { type: ['string', 'null'] },
    status: { type: 'string', enum: STATUSES },
    reason: { type: ['string', 'null'] },
    frontImage: { type: 'string' },
    backImage: { type: 'string' },
    transactionReference: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    timeline: timelineSchema,
  },
};
/** A deposit as staff see it (cheques.service.ts): passed through whole. */
const staffChequeSchema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, additionalProperties: true };
const decisionResponse = responses({ 200: okResponse({ status: { type: 'string' }, awaitingSecondApproval: { type: 'boolean' } }) });
// A malformed id is answered like a missing record, with the same message.
const chequeIdParams = idParamsFor('Cheque not found');
const customerIdParams = yup.object({ userId: uuid('Customer not found') }).noUnknown();

export default async function chequeRoutes(app: RouteInstance) {
  const cheques = new ChequesService(app);
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);
  app.reviewQueues.add({ resource: 'cheques', label: 'Cheques', pendingCountSql: PENDING_CHEQUES_SQL });

  app.post(
    '/cheque',
    {
      // Authenticated before the upload is read: nobody streams 10 MB at a route they may not use.
      onRequest: app.requireApprovedCustomer,
      preValidation: readUploads(IMAGE_FIELDS.map(imageRules)),
      bodyLimit: 16 * 1024 * 1024,
      config: { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Deposit a cheque to your primary account or accountId (in its currency): multipart fields plus files frontImage and backImage (JPEG, PNG or WEBP, 5 MB each); honours Idempotency-Key',
        consumes: ['multipart/form-data', 'application/json'],
        body: chequeDepositSchema.shape({ accountId: accountIdField() }),
        response: responses({ 201: okResponse({ cheque: chequeSchema }) }),
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.id;
      const images = uploadedFiles(request);
      // The key's request hash covers the images too: the same key with another photo is another request.
      const input = request.body;
      request.body = Object.assign({}, input, { frontImageSha256: images.frontImage ? sha256Hex(images.frontImage) : null, backImageSha256: images.backImage ? sha256Hex(images.backImage) : null });
      const written: StoredFileEntity[] = [];
      try {
        const result = await app.idempotency.run(request, customerKeyScope(customerId), async (m) => {
          const cheque = await cheques.deposit(m, customerId, actorOf(request), input, images, written);
          return { status: 201, body: { success: true, message: 'Cheque deposited. We will review it shortly.', cheque } };
        });
        return reply.status(result.status).send(result.body);
      } catch (err) {
        cheques.discard(written);
        throw err;
      }
    },
  );

  app.get(
    '/cheque/user/:userId',
    {
      preHandler: app.requireCustomerOrStaff,
      schema: {
        tags,
        summary: "A customer's deposits, newest first, with status, reason and timeline (the customer themselves or staff)",
        params: customerIdParams,
        querystring: chequeListQuerySchema,
        response: responses({ 200: okResponse({ items: { type: 'array', items: chequeSchema }, page: { type: 'integer' }, pageSize: { type: 'integer' }, total: { type: 'integer' } }) }),
      },
    },
    async (request) => {
      const { userId } = request.params;
      // Another customer's id is answered exactly like an id that does not exist.
      if (request.customer && request.customer.id !== userId) throw customerNotFound();
      const { page, pageSize } = request.query;
      const { items, total } = await cheques.listForCustomer(app.db, userId, { page, pageSize });
      return { success: true, items, page, pageSize, total };
    },
  );

  const staffListQuery = listQuery(CHEQUE_SORTS, 'createdAt');
  const staffListResponse = responses({ 200: { type: 'array', items: staffChequeSchema } });
  for (const [url, summary] of [
    ['/cheque', 'Every deposit (ra-data-simple-rest list; filter {"status","customerId","q"})'],
    ['/admin/cheques', 'The console resource of GET /cheque'],
  ] as const) {
    app.get(url, { preHandler: anyStaff, schema: { tags, summary, querystring: staffListQuery, response: staffListResponse } }, async (request, reply) => {
      const params = request.query;
      const { status, customerId, q } = params.filter;
      const filter = {
        status: typeof status === 'string' && STATUSES.includes(status as ChequeStatusValue) ? (status as ChequeStatusValue) : null,
        customerId: isUuid(customerId) ? customerId : null,
        search: typeof q === 'string' && q.trim() ? q.trim().slice(0, 100) : null,
      };
      const { items, total } = await cheques.listForStaff(app.db, filter, params);
      return sendList(reply, 'cheques', items, params.offset, total);
    });
  }

  app.get(
    '/admin/cheques/:id',
    {
      preHandler: anyStaff,
      schema: { tags, summary: 'One deposit for staff: image URLs, details, earlier lookalike deposits, first approval', params: chequeIdParams, response: responses({ 200: staffChequeSchema }) },
    },
    async (request) => cheques.showForStaff(app.db, request.params.id),
  );

  app.patch(
    '/cheque/:id/approve',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: { tags, summary: 'Approve a deposit: credits the account (a second admin above the four-eyes threshold)', params: chequeIdParams, response: decisionResponse },
    },
    async (request) => {
      const result = await decide(app, chequeReviewKind, { id: request.params.id, decision: 'approve', actor: actorOf(request) });
      return { success: true, ...result };
    },
  );

  app.patch(
    '/cheque/:id/reject',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Reject a deposit with a reason the customer sees; credits nothing', params: chequeIdParams, body: rejectReasonSchema, response: decisionResponse },
    },
    async (request) => {
      const { reason } = request.body;
      const result = await decide(app, chequeReviewKind, { id: request.params.id, decision: 'reject', reason, actor: actorOf(request) });
      return { success: true, ...result };
    },
  );
}
