import { accountCurrencyOf } from '../user';
import type { RouteInstance } from '../../common/type-provider';
import { CRYPTO_STATUS_VALUES, cryptoBuySchema, cryptoRequestListQuerySchema, cryptoSellSchema, rejectReasonSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { customerKeyScope } from '../../plugins/idempotency.plugin';
import { readUploads, uploadedFiles } from '../../common/multipart';
import { assetUnitsSchema, errorResponse, idParamsFor, moneySchema, okResponse, responses, timelineSchema } from '../../common/route-schemas';
import { sha256Hex } from '../../common/crypto';
import type { StoredFileEntity } from '../files';
import { decide } from '../review';
import { listCryptoOptions } from './crypto.service';
import { CryptoWallet, RECEIPT_RULES } from './crypto.wallet';
import { cryptoReviewKind } from './crypto.review';
import { PENDING_CRYPTO_REQUESTS_SQL } from './crypto.queries';
import { cryptoAdminRoutes } from './crypto.admin.routes';
import { cryptoOptionSchema, portfolioProperties } from './crypto.schemas';

const tags = ['crypto'];
const requestSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['deposit', 'withdrawal'] },
    crypto: { type: 'string' },
    symbol: { type: 'string' },
    icon: { type: 'string' },
    amount: assetUnitsSchema,
    networkFee: assetUnitsSchema,
    total: assetUnitsSchema,
    network: { type: 'string' },
    address: { type: 'string' },
    referencePriceUsd: moneySchema,
    valueUsd: moneySchema,
    status: { type: 'string', enum: CRYPTO_STATUS_VALUES },
    reason: { type: ['string', 'null'] },
    receipt: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    timeline: timelineSchema,
  },
};
const requestIdParams = idParamsFor('Crypto request not found');
const decisionResponse = responses({ 200: okResponse({ status: { type: 'string' }, awaitingSecondApproval: { type: 'boolean' } }) });

export default async function cryptoRoutes(app: RouteInstance) {
  const wallet = new CryptoWallet(app);
  const adminOnly = app.requireStaff(['admin']);
  app.reviewQueues.add({ resource: 'crypto-requests', label: 'Crypto requests', pendingCountSql: PENDING_CRYPTO_REQUESTS_SQL });

  app.get(
    '/crypto/options',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Custody assets: deposit network and address, USD reference price',
        response: responses({ 200: okResponse({ cryptoOptions: { type: 'array', items: cryptoOptionSchema } }) }),
      },
    },
    async () => ({
      success: true,
      cryptoOptions: await listCryptoOptions(app.db.manager),
    }),
  );

  app.get(
    '/crypto',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: "The caller's holdings: units available and reserved, reference price, value in USD and the account currency",
        response: responses({ 200: okResponse(portfolioProperties) }),
      },
    },
    async (request) => {
      const id = request.customer!.id;
      return { success: true, ...(await wallet.portfolio(app.db.manager, id, (await accountCurrencyOf(app.db, id)) ?? 'USD')) };
    },
  );

  app.post(
    '/crypto/buy',
    {
      // Authenticated before the upload is read.
      onRequest: app.requireApprovedCustomer,
      preValidation: readUploads([RECEIPT_RULES]),
      bodyLimit: 16 * 1024 * 1024,
      config: { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Custody deposit ("buy"): multipart fields crypto, amount, network plus the image receipt (JPEG, PNG or WEBP, 5 MB); honours Idempotency-Key',
        consumes: ['multipart/form-data', 'application/json'],
        body: cryptoBuySchema,
        response: responses({ 201: okResponse({ request: requestSchema }) }),
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.id;
      const { receipt } = uploadedFiles(request);
      // The key's request hash covers the receipt: the same key with another image is another request.
      const input = request.body;
      request.body = Object.assign({}, input, { receiptSha256: receipt ? sha256Hex(receipt) : null });
      const written: StoredFileEntity[] = [];
      try {
        const result = await app.idempotency.run(request, customerKeyScope(customerId), async (m) => {
          const deposit = await wallet.deposit(m, customerId, actorOf(request), input, receipt, written);
          return { status: 201, body: { success: true, message: 'Receipt uploaded successfully', request: deposit } };
        });
        return reply.status(result.status).send(result.body);
      } catch (err) {
        wallet.discard(written);
        throw err;
      }
    },
  );

  app.post(
    '/crypto/sell',
    {
      preHandler: app.requireApprovedCustomer,
      config: { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Withdrawal ("sell") to a wallet address: amount and network fee are reserved from the holding now; honours Idempotency-Key',
        body: cryptoSellSchema,
        response: responses({ 201: okResponse({ request: requestSchema }) }),
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.id;
      const result = await app.idempotency.run(request, customerKeyScope(customerId), async (m) => {
        const withdrawal = await wallet.withdraw(m, customerId, actorOf(request), request.body);
        return { status: 201, body: { success: true, message: 'Withdrawal requested. The units are reserved until we send them.', request: withdrawal } };
      });
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/crypto/requests',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: "The caller's deposits and withdrawals, newest first, with status, reason and timeline",
        querystring: cryptoRequestListQuerySchema,
        response: responses({ 200: okResponse({ items: { type: 'array', items: requestSchema }, page: { type: 'integer' }, pageSize: { type: 'integer' }, total: { type: 'integer' } }) }),
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { items, total } = await wallet.listForCustomer(app.db, request.customer!.id, { page, pageSize });
      return { success: true, items, page, pageSize, total };
    },
  );

  app.get(
    '/crypto/requests/:id',
    {
      preHandler: app.requireCustomer,
      schema: { tags, summary: "One of the caller's requests (another customer's is a 404)", params: requestIdParams, response: responses({ 200: okResponse({ request: requestSchema }) }) },
    },
    async (request) => ({ success: true, request: await wallet.showForCustomer(app.db, request.customer!.id, request.params.id) }),
  );

  app.get(
    '/crypto/requests/:id/receipt',
    {
      preHandler: app.requireCustomerOrStaff,
      schema: {
        tags,
        summary: "A deposit's receipt image (its customer or staff)",
        params: requestIdParams,
        // The image itself, not JSON; refusals are the usual JSON envelope.
        response: { 200: { description: 'The receipt image, with its own Content-Type', type: 'string', format: 'binary' }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const requester = request.customer ? { customerId: request.customer.id } : { staff: true };
      const { file, bytes } = await wallet.receipt(app.db.manager, request.params.id, requester);
      return reply
        .header('Content-Type', file.mimeType)
        .header('Cache-Control', 'private, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(bytes);
    },
  );

  app.patch(
    '/crypto/:id/approve',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: {
        tags,
        summary: 'Approve: a deposit credits the holding (two admins above the four-eyes threshold); a withdrawal sends the reserved units',
        params: requestIdParams,
        response: decisionResponse,
      },
    },
    async (request) => ({ success: true, ...(await decide(app, cryptoReviewKind, { id: request.params.id, decision: 'approve', actor: actorOf(request) })) }),
  );

  app.patch(
    '/crypto/:id/reject',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Reject with a reason the customer sees: a deposit credits nothing; a withdrawal returns the reserved units',
        params: requestIdParams,
        body: rejectReasonSchema,
        response: decisionResponse,
      },
    },
    async (request) => {
      const { reason } = request.body;
      return { success: true, ...(await decide(app, cryptoReviewKind, { id: request.params.id, decision: 'reject', reason, actor: actorOf(request) })) };
    },
  );

  cryptoAdminRoutes(app, wallet);
}
