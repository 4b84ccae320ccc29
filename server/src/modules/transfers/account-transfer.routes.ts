import * as yup from 'yup';
import { TRANSFER_CURRENCIES, amountField, minorToDecimal, strictObject, text } from '@strongroom/shared';
import type { RouteInstance } from '../../common/type-provider';
import { moneySchema, okResponse, responses, uuid } from '../../common/route-schemas';
import { UUID_PATTERN } from '../../common/ids';
import { customerKeyScope } from '../../plugins/idempotency.plugin';
import { resolveAccount } from '../accounts';
import { TransactionPin } from '../pin';
import { transactionItemSchema } from '../transactions';
import { ownTransfer, ownTransferAccounts, ownTransferQuote } from './own-transfer.service';
import { quote, type PaymentKind } from './transfer-quote';

const tags = ['transfers'];
const QUOTE_KINDS = ['same', 'local', 'international', 'own'] as const;
/** An ISO currency code (its pattern also tells the contract it is not an amount, whatever its name). */
const currencyCode = { type: 'string', pattern: '^[A-Z]{3}$', examples: ['EUR'] };

/** An account the request names: a UUID (a malformed one names nothing, so it is refused as not found would be). */
export const accountIdField = (message = 'Account not found') => yup.string().optional().matches(UUID_PATTERN, message);

const ownTransferSchema = strictObject({
  fromAccountId: uuid('Choose the account to move money from'),
  toAccountId: uuid('Choose the account to move money to'),
  amount: amountField('0.01', 'Amount must be greater than $0.01'),
  // Asked only of a dependant paying from a shared account (own-transfer.service.ts).
  pin: text()
    .optional()
    .nullable()
    .matches(/^\d{4}$/, 'PIN must be exactly 4 digits'),
});

const ownKindOnly = (field: string) => (schema: yup.StringSchema<string | undefined>, kind: unknown) =>
  kind === 'own' ? schema.required(`${field} is required`) : schema.test('own-only', `${field} is for a move between your own accounts (type own)`, (v) => v === undefined);

const quoteQuery = yup
  .object({
    type: yup
      .string()
      .oneOf([...QUOTE_KINDS], 'type must be same, local, international or own')
      .required('type is required'),
    amount: yup.string().required('amount is required'),
    currency: yup
      .string()
      .oneOf([...TRANSFER_CURRENCIES], 'Please select a currency')
      .optional(),
    /** The account a same-bank, local or international payment would leave (its currency); the primary one when not said. */
    accountId: accountIdField(),
    fromAccountId: accountIdField().when('type', ([type], schema) => ownKindOnly('fromAccountId')(schema, type)),
    toAccountId: accountIdField().when('type', ([type], schema) => ownKindOnly('toAccountId')(schema, type)),
  })
  .noUnknown(true, 'Unknown field: ${unknown}');

const quoteResponse = okResponse({
  amount: moneySchema,
  fee: moneySchema,
  total: moneySchema,
  currency: { type: 'string' },
  rate: { type: 'string' },
  paymentCurrency: { type: 'string', description: 'An international payment in another currency: the currency the payee receives' },
  convertedAmount: Object.assign({}, moneySchema, { description: 'What the payee receives, in paymentCurrency' }),
  creditAmount: Object.assign({}, moneySchema, { description: 'A move between own accounts: what the receiving account is credited, in creditCurrency' }),
  creditCurrency: currencyCode,
  pinRequired: { type: 'boolean', description: 'A move between own accounts: the caller pays as a dependant and enters their PIN' },
});

/** Quotes for every payment, and moves between accounts the caller holds (docs/decisions/0062-accounts.md). */
export default async function accountTransferRoutes(app: RouteInstance) {
  const customer = app.requireApprovedCustomer;
  const pin = new TransactionPin(app);

  app.get(
    '/transfer/quote',
    {
      preHandler: customer,
      schema: { tags, summary: 'Fee, rate and total for a payment, or for a move between your own accounts', querystring: quoteQuery, response: responses({ 200: quoteResponse }) },
    },
    async (request) => {
      const query = request.query;
      const customerId = request.customer!.id;
      const kind = query.type as (typeof QUOTE_KINDS)[number];
      if (kind === 'own') {
        const { from, to } = await ownTransferAccounts(app.db.manager, customerId, query.fromAccountId!, query.toAccountId!);
        const q = await ownTransferQuote(app.db.manager, from, to, query.amount);
        const amount = minorToDecimal(q.debitMinor, from.currency);
        const fee = minorToDecimal(0n, from.currency);
        const credit = { creditAmount: minorToDecimal(q.creditMinor, to.currency), creditCurrency: to.currency };
        return { success: true, currency: from.currency, amount, fee, total: amount, rate: q.rate, ...credit, pinRequired: from.role === 'dependant' };
      }
      const source = query.accountId ? await resolveAccount(app.db.manager, customerId, query.accountId, kind === 'international' ? 'payAbroad' : 'pay') : undefined;
      const q = await quote(app.db.manager, customerId, kind as PaymentKind, query.amount, query.currency, source?.currency);
      return {
        success: true,
        currency: q.accountCurrency,
        amount: minorToDecimal(q.debitMinor, q.accountCurrency),
        fee: minorToDecimal(q.feeMinor, q.accountCurrency),
        total: minorToDecimal(q.debitMinor + q.feeMinor, q.accountCurrency),
        ...(q.payCurrency !== q.accountCurrency ? { rate: q.rate, paymentCurrency: q.payCurrency, convertedAmount: minorToDecimal(q.paymentMinor, q.payCurrency) } : {}),
      };
    },
  );

  app.post(
    '/transfer/own',
    {
      preHandler: customer,
      config: { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Move money between two accounts you hold (at the bank rate across currencies, fee 0; a dependant enters their PIN); honours Idempotency-Key',
        body: ownTransferSchema,
        response: responses({ 201: okResponse({ transaction: transactionItemSchema, rate: { type: 'string' }, creditAmount: moneySchema, creditCurrency: currencyCode }) }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customerId = request.customer!.id;
      const result = await app.idempotency.run(request, customerKeyScope(customerId), (m) =>
        ownTransfer(app, pin, m, { customerId, fromAccountId: body.fromAccountId, toAccountId: body.toAccountId, amount: body.amount!, pin: body.pin, ip: request.ip }),
      );
      return reply.status(result.status).send(result.body);
    },
  );
}
