import { depositQuoteSchema, depositRenewalSchema, openDepositSchema, withdrawDepositSchema } from '@strongroom/shared';
import type { RouteInstance } from '../../common/type-provider';
import { actorOf } from '../../common/actor';
import { idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { withTransaction } from '../../db/transaction';
import { customerKeyScope } from '../../plugins/idempotency.plugin';
import { TransactionPin } from '../pin';
import { transactionItemSchema } from '../transactions';
import { depositQuoteResponse, depositSchema, withdrawalQuoteResponse, withdrawalResponse } from './deposits.schemas';
import { getDeposit, listDeposits, openDeposit, quoteDeposit, setRenewal, withdrawDeposit, withdrawalQuote } from './deposits.service';

const tags = ['deposits'];
const depositParams = idParamsFor('Term deposit not found');

/** A customer's term deposits (docs/decisions/0063-interest.md): quote, open with the PIN, renewal choice, early withdrawal. */
export default async function depositsRoutes(app: RouteInstance) {
  const customer = app.requireApprovedCustomer;
  const pin = new TransactionPin(app);
  const moneyLimit = { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } };

  app.get(
    '/deposits',
    {
      preHandler: customer,
      schema: { tags, summary: 'The term deposits on accounts you hold, active first by maturity', response: responses({ 200: okResponse({ deposits: { type: 'array', items: depositSchema } }) }) },
    },
    async (request) => ({ success: true, deposits: await listDeposits(app.db.manager, request.customer!.id) }),
  );

  app.post(
    '/deposits/quote',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'What a term deposit would be: the rate of the term in force today, the maturity date and the interest to expect',
        body: depositQuoteSchema,
        response: responses({ 200: depositQuoteResponse }),
      },
    },
    async (request) => {
      const body = request.body;
      return { success: true, ...(await quoteDeposit(app, request.customer!.id, { sourceAccountId: body.sourceAccountId, amount: body.amount!, termMonths: body.termMonths })) };
    },
  );

  app.post(
    '/deposits',
    {
      preHandler: customer,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Open a term deposit from a current or savings account, with the transaction PIN; the rate is locked; honours Idempotency-Key',
        body: openDepositSchema,
        response: responses({ 201: okResponse({ deposit: depositSchema, transaction: transactionItemSchema }) }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customerId = request.customer!.id;
      const input = { sourceAccountId: body.sourceAccountId, amount: body.amount!, termMonths: body.termMonths, pin: body.pin };
      const result = await app.idempotency.run(request, customerKeyScope(customerId), (m) => openDeposit(app, pin, m, customerId, input, actorOf(request)));
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/deposits/:id',
    { preHandler: customer, schema: { tags, summary: 'One term deposit', params: depositParams, response: responses({ 200: okResponse({ deposit: depositSchema }) }) } },
    async (request) => ({ success: true, deposit: await getDeposit(app.db.manager, request.customer!.id, request.params.id) }),
  );

  app.patch(
    '/deposits/:id',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'Choose whether the deposit renews at maturity (its owner or a joint holder, until maturity)',
        params: depositParams,
        body: depositRenewalSchema,
        response: responses({ 200: okResponse({ deposit: depositSchema }) }),
      },
    },
    async (request) => {
      const customerId = request.customer!.id;
      const deposit = await withTransaction(app.db, (m) => setRenewal(m, customerId, request.params.id, request.body.renew));
      return { success: true, message: deposit.renew ? 'The deposit will renew at maturity' : 'The deposit will be paid out at maturity', deposit };
    },
  );

  app.post(
    '/deposits/:id/withdrawal-quote',
    {
      preHandler: customer,
      config: { noBody: true },
      schema: { tags, summary: 'What an early withdrawal pays: principal and the interest accrued less the forfeit', params: depositParams, response: responses({ 200: withdrawalQuoteResponse }) },
    },
    async (request) => ({ success: true, ...(await withdrawalQuote(app.db.manager, request.customer!.id, request.params.id)) }),
  );

  app.post(
    '/deposits/:id/withdraw',
    {
      preHandler: customer,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Withdraw a term deposit early, with the transaction PIN: paid to its source account, the last days of interest forfeited; honours Idempotency-Key',
        params: depositParams,
        body: withdrawDepositSchema,
        response: responses({ 200: withdrawalResponse }),
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.id;
      const result = await app.idempotency.run(request, customerKeyScope(customerId), (m) => withdrawDeposit(app, pin, m, customerId, request.params.id, request.body.pin, actorOf(request)));
      return reply.status(result.status).send(result.body);
    },
  );
}
