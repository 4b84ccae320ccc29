import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import {
  TRANSFER_CURRENCIES,
  confirmCodeSchema,
  incomingTransferSchema,
  internationalTransferSchema,
  localTransferSchema,
  minorToDecimal,
  sameBankTransferSchema,
} from '@strongroom/shared';
import { validate } from '../../common/validate';
import { AppError } from '../../common/app-error';
import { TransfersService } from './transfers.service';

const tags = ['transfers'];
const quoteQuerySchema = yup
  .object({
    type: yup.string().oneOf(['same', 'local', 'international'], 'type must be same, local or international').required('type is required'),
    amount: yup.string().required('amount is required'),
    currency: yup.string().oneOf([...TRANSFER_CURRENCIES], 'Please select a currency').optional(),
  })
  .noUnknown(true, 'Unknown field: ${unknown}');

export default async function transferRoutes(app: FastifyInstance) {
  const transfers = new TransfersService(app);
  const customer = app.requireApprovedCustomer;
  const scope = (id: string) => `customer:${id}`;
  const moneyLimit = { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } };

  // The name behind an account number is personal data: looked up at a pace that cannot walk the number space,
  // per client IP and per customer (the same customer from many IPs counts once).
  const lookupLimit = { max: app.config.lookupRateLimitPerMinute, timeWindow: '1 minute' };
  const perCustomerLookupLimit = app.rateLimit({ ...lookupLimit, keyGenerator: (request) => `recipient-lookup:${request.customer?.id}` });
  app.get('/transfer/recipient/:accountNumber', { preHandler: [customer, perCustomerLookupLimit], config: { rateLimit: lookupLimit }, schema: { tags, summary: 'Name of a same-bank recipient, shown before confirming' } }, async (request) => {
    const { accountNumber } = request.params as { accountNumber: string };
    if (!/^\d{10}$/.test(accountNumber)) {
      throw new AppError(400, 'Account number must be 10 digits', { recipientAccountNumber: 'Account number must be 10 digits' });
    }
    return { success: true, recipient: await transfers.lookupRecipient(accountNumber, request.customer!.id) };
  });

  app.get('/transfer/quote', { preHandler: customer, schema: { tags, summary: 'Fee, rate and total for a payment' } }, async (request) => {
    const query = validate(quoteQuerySchema, request.query, { strict: false });
    const q = await transfers.quote(app.db.manager, request.customer!.id, query.type as 'same' | 'local' | 'international', query.amount, query.currency);
    return {
      success: true,
      currency: q.accountCurrency,
      amount: minorToDecimal(q.debitMinor, q.accountCurrency),
      fee: minorToDecimal(q.feeMinor, q.accountCurrency),
      total: minorToDecimal(q.debitMinor + q.feeMinor, q.accountCurrency),
      ...(q.payCurrency !== q.accountCurrency ? { rate: q.rate, paymentCurrency: q.payCurrency, convertedAmount: minorToDecimal(q.paymentMinor, q.payCurrency) } : {}),
    };
  });

  app.post('/transfer/same', { preHandler: customer, config: moneyLimit, schema: { tags, summary: 'Instant transfer to another Strongroom account (PIN required, fee 0)' } }, async (request, reply) => {
    const input = validate(sameBankTransferSchema, request.body);
    const customerId = request.customer!.id;
    const result = await app.idempotency.runInStatement(
      request,
      scope(customerId),
      (claim) => transfers.sameBank(request, input as never, claim),
      (reference) => transfers.sameBankReplay(customerId, reference),
    );
    return reply.status(result.status).send(result.body);
  });

  app.post('/transfer/local', { preHandler: customer, config: moneyLimit, schema: { tags, summary: 'Start a local transfer; confirm with /transfer/confirm-code' } }, async (request, reply) => {
    const input = validate(localTransferSchema, request.body);
    const result = await app.idempotency.run(request, scope(request.customer!.id), (m) => transfers.initiate(request, m, 'local', input as never));
    return reply.status(result.status).send(result.body);
  });

  app.post('/transfer/international', { preHandler: customer, config: moneyLimit, schema: { tags, summary: 'Start an international transfer; confirm with /transfer/confirm-code' } }, async (request, reply) => {
    const input = validate(internationalTransferSchema, request.body);
    const result = await app.idempotency.run(request, scope(request.customer!.id), (m) => transfers.initiate(request, m, 'international', input as never));
    return reply.status(result.status).send(result.body);
  });

  app.post('/transfer/confirm-code', { preHandler: customer, config: moneyLimit, schema: { tags, summary: 'Authenticate a payment: the e-mailed code, then the PIN (DECISIONS D1)' } }, async (request, reply) => {
    const input = validate(confirmCodeSchema, request.body);
    const result = await app.idempotency.run(request, scope(request.customer!.id), (m) => transfers.confirm(request, m, input as never));
    return reply.status(result.status).send(result.body);
  });

  app.post('/admin/incoming-transfers', { preHandler: app.requireStaff(['admin']), schema: { tags: ['admin'], summary: 'Post an incoming payment from the settlement network (idempotent on reference)' } }, async (request, reply) => {
    const input = validate(incomingTransferSchema, request.body);
    // The network reference is the idempotency key: the same payment can never be credited twice.
    request.headers['idempotency-key'] = `incoming:${input.reference}`.replace(/[^A-Za-z0-9_.:-]/g, '_').padEnd(8, '_');
    const result = await app.idempotency.run(request, 'incoming-transfers', (m) => transfers.incoming(request, m, input as never));
    return reply.status(result.status).send(result.body);
  });
}
