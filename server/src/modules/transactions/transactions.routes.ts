import type { RouteInstance } from '../../common/type-provider';
import { perCustomerLimit } from '../../common/rate-limits';
import * as yup from 'yup';
import { statementQuerySchema, transactionQuerySchema } from '@strongroom/shared';
import { errorResponse, idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { transactionDetailSchema, transactionItemSchema } from './transaction-item.schema';
import { timeline } from '../review';
import { COUNT_LOOKAHEAD, getTransactionForCustomer, listTransactions, listTransactionsForStaff, transactionForStaff } from './transactions.service';
import { rowsOf } from './account-rows';
import { accountIdField } from '../accounts';
import { listQuery, sendList } from '../../common/list-paging';
import { StatementsService } from './statements.service';
import { isUuid } from '../../common/ids';
import { replicaReaderOf } from '../../db/read-replica';

const tags = ['transactions'];
const referenceParams = yup.object({
  reference: yup
    .string()
    .required()
    .matches(/^[A-Z0-9]{4,40}$/, 'Transaction not found'),
});
/** Statements one customer may download a minute. */
const STATEMENTS_PER_MINUTE = 10;

const listResponse = responses({
  200: okResponse({
    items: { type: 'array', items: transactionItemSchema },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    total: { type: 'integer', description: `Matches counted, at most ${COUNT_LOOKAHEAD} past this page` },
    totalCapped: { type: 'boolean', description: 'More match than total says ("1,000+")' },
  }),
});

const openObject = { type: 'object', additionalProperties: true };

export default async function transactionRoutes(app: RouteInstance) {
  // Statements are drawn in a thread of their own, started at the first and ended with the server.
  const statements = new StatementsService(app.db, app.readReplica);
  app.addHook('onClose', () => statements.close());
  // Built here, not when the module loads: the accounts module reaches this one through its own routes.
  const transactionListQuery = transactionQuerySchema.shape({ accountId: accountIdField() });
  const listSummary = "The caller's transactions, newest first, paginated, filtered, searched; or one account's they hold (accountId)";
  app.get('/transaction', { config: { access: 'customer' }, schema: { tags, summary: listSummary, querystring: transactionListQuery, response: listResponse } }, async (request) => {
    const query = request.query;
    // The customer's session is checked in the handler, with the page read beside the check (docs/performance.md#transaction-list-read-beside-the-session-check).
    const { items, total, totalCapped } = await app.customerReading(request, async (customerId) => {
      if (query.accountId === undefined) return listTransactions(app.db, customerId, query);
      const rows = await rowsOf(app.db, customerId, query.accountId);
      return listTransactions(app.db, rows.customerId, query, rows.ledgerAccountId);
    });
    return { success: true, items, page: query.page, pageSize: query.pageSize, total, totalCapped };
  });

  // A statement reads up to 5,000 rows and may draw a PDF: a few a minute per customer, whatever their IPs.
  const statementLimit = perCustomerLimit(app, 'statement', { max: STATEMENTS_PER_MINUTE, timeWindow: '1 minute' });
  app.get(
    '/transaction/statement',
    {
      preHandler: [app.requireCustomer, statementLimit],
      schema: {
        tags,
        summary: "Statement for a date range as CSV or PDF: the caller's, or one account's they hold (accountId)",
        querystring: statementQuerySchema.shape({ accountId: accountIdField() }),
        // The file itself (text/csv or application/pdf), not JSON; refusals are the usual JSON envelope.
        response: { 200: { description: 'The statement file, with its own Content-Type', type: 'string', format: 'binary' }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const file = await statements.statement(request.customer!.id, query, replicaReaderOf(request));
      return reply.header('Content-Type', file.contentType).header('Content-Disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    },
  );

  app.get(
    '/transaction/:reference',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'One transaction by reference (owner only), with its status history',
        params: referenceParams,
        response: responses({ 200: okResponse({ transaction: transactionDetailSchema }) }),
      },
    },
    async (request) => {
      const { reference } = request.params;
      const transaction = await getTransactionForCustomer(app.db.manager, request.customer!.id, reference);
      return { success: true, transaction: Object.assign({}, transaction, { timeline: await timeline(app.db, 'transaction', transaction.id) }) };
    },
  );

  app.get(
    '/admin/transactions',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: ['admin'],
        summary: 'All transactions (ra-data-simple-rest list)',
        querystring: listQuery(['created_at', 'amount_minor', 'status'], 'created_at'),
        response: responses({ 200: { type: 'array', items: openObject } }),
      },
    },
    async (request, reply) => {
      const p = request.query;
      // Staff browsing tolerates a moment's staleness: a replica that has this session's own writes (db/read-replica.ts).
      const { items, total } = await app.readReplica.read(replicaReaderOf(request), (db) =>
        listTransactionsForStaff(db, {
          status: typeof p.filter.status === 'string' ? p.filter.status : undefined,
          customerId: isUuid(p.filter.customerId) ? p.filter.customerId : undefined,
          q: typeof p.filter.q === 'string' && p.filter.q.trim() ? p.filter.q : undefined,
          order: { column: p.sortField, direction: p.sortOrder },
          offset: p.offset,
          limit: p.limit,
        }),
      );
      return sendList(reply, 'transactions', items, p.offset, total);
    },
  );

  app.get(
    '/admin/transactions/:id',
    {
      preHandler: app.requireStaff(),
      schema: { tags: ['admin'], summary: 'One transaction, with its status history', params: idParamsFor('Transaction not found'), response: responses({ 200: openObject }) },
    },
    async (request) => {
      const { id } = request.params;
      return transactionForStaff(app.db, id);
    },
  );
}
