import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { statementQuerySchema, transactionQuerySchema } from '@strongroom/shared';
import { idParamsFor, okResponse, responses, simpleRestListQuery } from '../../common/route-schemas';
import { transactionItemSchema } from './transaction-item.schema';
import { firstApprover, timeline } from '../review/status-events';
import { notFound } from '../../common/app-error';
import { rows } from '../../common/sql';
import { COUNT_LOOKAHEAD, getTransactionForCustomer, listTransactions, listTransactionsForStaff, toTransactionDto, type TransactionRow } from './transactions.service';
import type { ListOrder } from './list-statements';
import { parseListParams, sendList } from '../admin/simple-rest';
import { StatementPdfs, statementCsv } from './statement';
import { statementBalances } from './transactions.queries';
import { isUuid } from '../../common/ids';

const tags = ['transactions'];
const referenceParams = yup.object({
  reference: yup
    .string()
    .required()
    .matches(/^[A-Z0-9]{4,40}$/, 'Transaction not found'),
});
const STATEMENT_MAX_ROWS = 5000;

const listResponse = responses({
  200: okResponse({
    items: { type: 'array', items: transactionItemSchema },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    total: { type: 'integer', description: `Matches counted, at most ${COUNT_LOOKAHEAD} past this page` },
    totalCapped: { type: 'boolean', description: 'More match than total says ("1,000+")' },
  }),
});

export default async function transactionRoutes(app: FastifyInstance) {
  // Statements are drawn in a thread of their own, started at the first and ended with the server.
  const statementPdfs = new StatementPdfs();
  app.addHook('onClose', () => statementPdfs.close());
  const listSummary = "The caller's transactions, newest first, paginated, filtered, searched";
  app.get('/transaction', { schema: { tags, summary: listSummary, querystring: transactionQuerySchema, response: listResponse } }, async (request) => {
    const query = request.query as yup.InferType<typeof transactionQuerySchema>;
    // The customer's session is checked in the handler, with the page read beside the check (docs/decisions/0028).
    const { items, total, totalCapped } = await app.customerReading(request, (customerId) => listTransactions(app.db, customerId, query));
    return { success: true, items, page: query.page, pageSize: query.pageSize, total, totalCapped };
  });

  app.get(
    '/transaction/statement',
    { preHandler: app.requireCustomer, schema: { tags, summary: 'Statement for a date range as CSV or PDF', querystring: statementQuerySchema } },
    async (request, reply) => {
      const q = request.query as yup.InferType<typeof statementQuerySchema>;
      const list = await rows<TransactionRow>(
        app.db,
        `SELECT * FROM transactions WHERE customer_id = $1 AND created_at >= $2::date AND created_at < $3::date + 1 ORDER BY created_at, id LIMIT ${STATEMENT_MAX_ROWS}`,
        [request.customer!.id, q.from, q.to],
      );
      const items = list.map(toTransactionDto);
      const name = `strongroom-statement-${q.from}-to-${q.to}`;
      if (q.format === 'pdf') {
        const [c] = await rows<{ name: string; account_number: string; currency: string }>(
          app.db,
          `SELECT concat_ws(' ', first_name, middle_name, last_name) AS name, account_number, currency FROM customers WHERE id = $1`,
          [request.customer!.id],
        );
        const balances = await statementBalances(app.db.manager, request.customer!.id, c.currency, q.from, q.to);
        const pdf = await statementPdfs.draw({ items, holder: { name: c.name, accountNumber: c.account_number, currency: c.currency }, period: { from: q.from, to: q.to, ...balances } });
        return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${name}.pdf"`).send(pdf);
      }
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}.csv"`).send(statementCsv(items));
    },
  );

  app.get(
    '/transaction/:reference',
    { preHandler: app.requireCustomer, schema: { tags, summary: 'One transaction by reference (owner only), with its status history', params: referenceParams } },
    async (request) => {
      const { reference } = request.params as { reference: string };
      const transaction = await getTransactionForCustomer(app.db.manager, request.customer!.id, reference);
      return { success: true, transaction: Object.assign({}, transaction, { timeline: await timeline(app.db, 'transaction', transaction.id) }) };
    },
  );

  app.get(
    '/admin/transactions',
    { preHandler: app.requireStaff(), schema: { tags: ['admin'], summary: 'All transactions (ra-data-simple-rest list)', querystring: simpleRestListQuery } },
    async (request, reply) => {
      const p = parseListParams(request.query as Record<string, unknown>, ['created_at', 'amount_minor', 'status'], 'created_at');
      const { items, total } = await listTransactionsForStaff(app.db, {
        status: typeof p.filter.status === 'string' ? p.filter.status : undefined,
        customerId: isUuid(p.filter.customerId) ? p.filter.customerId : undefined,
        q: typeof p.filter.q === 'string' && p.filter.q.trim() ? p.filter.q : undefined,
        order: { column: p.sortField as ListOrder['column'], direction: p.sortOrder },
        offset: p.offset,
        limit: p.limit,
      });
      return sendList(reply, 'transactions', items, p.offset, total);
    },
  );

  app.get(
    '/admin/transactions/:id',
    { preHandler: app.requireStaff(), schema: { tags: ['admin'], summary: 'One transaction, with its status history', params: idParamsFor('Transaction not found') } },
    async (request) => {
      const { id } = request.params as { id: string };
      const [r] = await rows<TransactionRow>(
        app.db,
        `SELECT t.*, concat_ws(' ', c.first_name, c.last_name) AS holder_name, c.account_number AS holder_account FROM transactions t JOIN customers c ON c.id = t.customer_id WHERE t.id = $1`,
        [id],
      );
      if (!r) throw notFound('Transaction not found');
      return Object.assign(toTransactionDto(r), {
        customerId: r.customer_id,
        statusReason: r.status_reason,
        metadata: r.metadata,
        timeline: await timeline(app.db, 'transaction', r.id),
        firstApproval: await firstApprover(app.db, 'transaction', r.id),
      });
    },
  );
}
