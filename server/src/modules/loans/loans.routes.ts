import type { FastifyRequest } from 'fastify';
import type { RouteInstance } from '../../common/type-provider';
import { INSTALMENT_STATUSES, LOAN_STATUSES, loanApplicationSchema, loanPayNextSchema, rejectReasonSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { guardFor } from '../../common/route-access';
import { customerKeyScope } from '../../plugins/idempotency.plugin';
import { idParams, moneySchema, okResponse, responses, timelineSchema, userIdParams } from '../../common/route-schemas';
import { listQuery, sendList } from '../../common/list-paging';
import { LOAN_SORTS, PENDING_LOANS_COUNT_SQL } from './loans.queries';
import { defineLoanJobs } from './loans.jobs';
import { LoansService } from './loans.service';
import { presentedBy } from '../auth';
import { isUuid } from '../../common/ids';
import { accountIdField } from '../accounts';

const tags = ['loans'];
/** What the staff views and a repayment answer carry: not declared part by part yet. */
const loanObject = { type: 'object', additionalProperties: true };
const money = moneySchema;
const dateTime = { type: 'string', format: 'date-time' };
/** A loan as its customer sees it (toLoanDto): terms, status, schedule and history; the SSN as its last 4 digits. */
const loanSchema = {
  type: 'object',
  required: [
    'id',
    'loanType',
    'loanPurpose',
    'loanAmount',
    'currency',
    'interestRate',
    'termLength',
    'monthlyPayment',
    'totalInterest',
    'totalAmount',
    'status',
    'statusReason',
    'ssnLast4',
    'createdAt',
    'updatedAt',
    'approvedAt',
    'schedule',
    'timeline',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    loanType: { type: 'string' },
    loanPurpose: { type: 'string' },
    loanAmount: money,
    currency: { type: 'string' },
    interestRate: { type: 'string', description: 'Annual rate in per cent, e.g. "7.5"' },
    termLength: { type: 'integer', description: 'Months' },
    monthlyPayment: money,
    totalInterest: money,
    totalAmount: money,
    status: { type: 'string', enum: [...LOAN_STATUSES] },
    statusReason: { type: ['string', 'null'] },
    ssnLast4: { type: 'string' },
    createdAt: dateTime,
    updatedAt: dateTime,
    approvedAt: { type: ['string', 'null'], format: 'date-time' },
    schedule: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'number', 'dueDate', 'amount', 'principal', 'interest', 'status', 'attempts', 'paidAt'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          number: { type: 'integer' },
          dueDate: { type: 'string', format: 'date' },
          amount: money,
          principal: money,
          interest: money,
          status: { type: 'string', enum: [...INSTALMENT_STATUSES] },
          attempts: { type: 'integer' },
          paidAt: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
    timeline: timelineSchema,
  },
};
const decisionAnswer = okResponse({ status: { type: 'string' }, awaitingSecondApproval: { type: 'boolean' } });

/** The console's list filter: a known status, a customer id, or a search by name or account number. */
function listFilter(filter: Record<string, unknown>) {
  const status = typeof filter.status === 'string' && (LOAN_STATUSES as readonly string[]).includes(filter.status) ? filter.status : undefined;
  const customerId = typeof filter.customerId === 'string' && isUuid(filter.customerId) ? filter.customerId : undefined;
  const q = typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim().slice(0, 100) : undefined;
  return { status, customerId, q };
}

/** Loans: the customer's application, list and early payment, and the staff review (docs/adding-a-product.md). */
export default async function loanRoutes(app: RouteInstance) {
  const loans = new LoansService(app);
  defineLoanJobs(app);
  app.reviewQueues.add({ resource: 'loans', label: 'Loans', pendingCountSql: PENDING_LOANS_COUNT_SQL });
  customerRoutes(app, loans);
  staffRoutes(app, loans);
}

function customerRoutes(app: RouteInstance, loans: LoansService) {
  const customer = app.requireApprovedCustomer;
  const moneyLimit = { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } };
  /** Staff read any customer's loans; a customer reads their own. */
  const customerOrStaff = guardFor('customerOrStaff', async (request: FastifyRequest) => {
    const presented = presentedBy(request, app.sessions);
    try {
      request.staff = await app.sessions.authenticateStaff(presented);
    } catch {
      request.customer = await app.sessions.authenticateCustomer(presented);
    }
  });

  app.post(
    '/loan',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'Apply for a loan on your primary account or accountId (owner or joint holder); the SSN is sealed at rest, only its last 4 digits come back',
        body: loanApplicationSchema.shape({ accountId: accountIdField() }),
        response: responses({ 201: okResponse({ loan: loanSchema }) }),
      },
    },
    async (request, reply) => {
      const loan = await loans.apply(request.customer!.id, request.body, actorOf(request));
      return reply.status(201).send({ success: true, message: 'Loan application submitted successfully', loan });
    },
  );

  app.get(
    '/loan/user/:userId',
    {
      preHandler: customerOrStaff,
      schema: {
        tags,
        summary: "A customer's loans with schedule and history (self or staff)",
        params: userIdParams,
        response: responses({ 200: okResponse({ loans: { type: 'array', items: loanSchema } }) }),
      },
    },
    async (request) => {
      const { userId } = request.params;
      return { success: true, loans: await loans.listForUser(actorOf(request), userId) };
    },
  );

  app.post(
    '/loan/:id/pay-next',
    {
      preHandler: customer,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Pay the next instalment now, with the transaction PIN (honours Idempotency-Key)',
        params: idParams,
        body: loanPayNextSchema,
        response: responses({ 200: okResponse({ instalment: loanObject, transaction: loanObject }) }),
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.id;
      const { id } = request.params;
      const { pin } = request.body;
      const result = await app.idempotency.run(request, customerKeyScope(customerId), (m) => loans.payNext(m, customerId, id, pin, actorOf(request)));
      return reply.status(result.status).send(result.body);
    },
  );
}

function staffRoutes(app: RouteInstance, loans: LoansService) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  app.get(
    '/loan',
    {
      preHandler: anyStaff,
      schema: {
        tags: ['admin', ...tags],
        summary: 'Every loan (ra-data-simple-rest list; filter status, customerId, q)',
        querystring: listQuery(Object.keys(LOAN_SORTS) as (keyof typeof LOAN_SORTS)[], 'createdAt'),
        response: responses({ 200: { type: 'array', items: loanObject } }),
      },
    },
    async (request, reply) => {
      const params = request.query;
      const { items, total } = await loans.listForStaff({
        ...listFilter(params.filter),
        sort: params.sortField,
        order: params.sortOrder,
        offset: params.offset,
        limit: params.limit,
      });
      return sendList(reply, 'loans', items, params.offset, total);
    },
  );

  app.get(
    '/admin/loans/:id',
    {
      preHandler: anyStaff,
      schema: { tags: ['admin', ...tags], summary: 'One loan: application (SSN last 4), schedule, collection state, history', params: idParams, response: responses({ 200: loanObject }) },
    },
    async (request) => loans.showForStaff(request.params.id),
  );

  app.patch(
    '/loan/:id/review',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: { tags: ['admin', ...tags], summary: 'Take a pending application into review', params: idParams, response: responses({ 200: okResponse({ status: { type: 'string' } }) }) },
    },
    async (request) => ({ success: true, ...(await loans.startReview(request.params.id, actorOf(request))) }),
  );

  app.patch(
    '/loan/:id/approve',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: {
        tags: ['admin', ...tags],
        summary: 'Approve: pays the loan out through the ledger and sets the schedule (four eyes above the threshold)',
        params: idParams,
        response: responses({ 200: decisionAnswer }),
      },
    },
    async (request) => ({ success: true, ...(await loans.decide(request.params.id, 'approve', actorOf(request))) }),
  );

  app.patch(
    '/loan/:id/reject',
    {
      preHandler: adminOnly,
      schema: { tags: ['admin', ...tags], summary: 'Reject with a reason; nothing is paid out', params: idParams, body: rejectReasonSchema, response: responses({ 200: decisionAnswer }) },
    },
    async (request) => {
      const { reason } = request.body;
      return { success: true, ...(await loans.decide(request.params.id, 'reject', actorOf(request), reason)) };
    },
  );
}
