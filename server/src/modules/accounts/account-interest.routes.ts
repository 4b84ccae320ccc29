import type { RouteInstance } from '../../common/type-provider';
import { idParamsFor, moneySchema, okResponse, responses } from '../../common/route-schemas';
import { accountInterest } from './account-interest.service';
import { resolveAccount } from './accounts.service';

const tags = ['accounts'];
const accountIdParams = idParamsFor('Account not found');

const date = { type: 'string', format: 'date' };
const rate = { type: 'string', pattern: '^\\d{1,2}\\.\\d{2,4}$', examples: ['2.25'], description: 'Percent a year' };
const rateBand = {
  type: 'object',
  properties: {
    from: { ...moneySchema, description: 'The tier applies to the part of the balance from this amount' },
    to: { ...moneySchema, type: ['string', 'null'], description: 'Up to this amount (null: no upper end)' },
    ratePercent: rate,
  },
  required: ['from', 'to', 'ratePercent'],
  additionalProperties: false,
};

/** What an account earns (account-interest.service.ts, AccountInterest): only earnsInterest and who it is, when it earns none. */
const interestSchema = {
  type: 'object',
  properties: {
    accountId: { type: 'string', format: 'uuid' },
    product: { type: 'string' },
    currency: { type: 'string' },
    earnsInterest: { type: 'boolean' },
    productName: { type: 'string' },
    dayCount: { type: 'string', enum: ['actual/365', 'actual/360'] },
    paidOn: { type: 'string', enum: ['monthly', 'maturity'], description: 'Savings: on the 1st for the month before; a term deposit: at maturity' },
    asOf: { ...date, description: "Today's business date in the bank's time zone: the rates are the ones in force then" },
    rates: { type: 'array', items: rateBand, description: "The tiers in force (each tier's rate on the part of the balance inside it); a term deposit: its locked rate" },
    currentRate: { anyOf: [rateBand, { type: 'null' }], description: 'The tier the current balance reaches' },
    accrued: { ...moneySchema, description: 'Interest accrued and not yet paid (this month so far; a term deposit: since it opened), rounded down to the cent' },
    accruedExact: { type: 'string', pattern: '^\\d+\\.\\d{12}$', examples: ['12.345678901234'], description: 'The same, as kept: to 10 decimal places of a cent' },
    accruedThrough: { type: ['string', 'null'], format: 'date', description: 'The last business date accrued (null: none yet)' },
    paidThisYear: { ...moneySchema, description: 'Interest paid to the account this calendar year' },
    year: { type: 'integer' },
    lastPayments: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          reference: { type: 'string' },
          amount: moneySchema,
          description: { type: 'string' },
          period: { type: ['string', 'null'], description: 'The month paid for (YYYY-MM)' },
          paidAt: { type: 'string', format: 'date-time' },
        },
        required: ['reference', 'amount', 'description', 'period', 'paidAt'],
        additionalProperties: false,
      },
    },
    termDeposit: {
      type: ['object', 'null'],
      properties: {
        principal: moneySchema,
        termMonths: { type: 'integer', enum: [3, 6, 12, 24] },
        ratePercent: rate,
        startDate: date,
        maturityDate: date,
        renew: { type: 'boolean' },
        status: { type: 'string', enum: ['active', 'matured', 'withdrawn'] },
      },
      required: ['principal', 'termMonths', 'ratePercent', 'startDate', 'maturityDate', 'renew', 'status'],
      additionalProperties: false,
    },
  },
  required: ['accountId', 'product', 'currency', 'earnsInterest'],
  additionalProperties: false,
};

/** What an account earns, for everyone who may see the account (docs/decisions/0063-interest.md). */
export default async function accountInterestRoutes(app: RouteInstance) {
  app.get(
    '/accounts/:id/interest',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary:
          "What an account earns: its rates in force today (a savings account's tiers, a term deposit's locked rate), the interest accrued this month so far, interest paid this year and the latest payments; earnsInterest false for an account that earns none",
        params: accountIdParams,
        response: responses({ 200: okResponse({ interest: interestSchema }) }),
      },
    },
    async (request) => {
      const account = await resolveAccount(app.db, request.customer!.id, request.params.id, 'view');
      return { success: true, interest: await accountInterest(app.db, account, app.config.bankTimeZone, app.clock.now()) };
    },
  );
}
