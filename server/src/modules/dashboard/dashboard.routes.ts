import type { RouteInstance } from '../../common/type-provider';
import { INTERNATIONAL_FEE, INTERNATIONAL_MIN_AMOUNT, LOCAL_FEE, SAME_BANK_FEE, dashboardQuerySchema } from '@strongroom/shared';
import { moneySchema, okResponse, responses } from '../../common/route-schemas';
import { transactionItemSchema } from '../transactions';
import { accountIdField } from '../accounts';
import { DASHBOARD_COUNT_CAP, dashboardSummary } from './dashboard.service';
import { replicaReaderOf } from '../../db/read-replica';

const moneyAndChange = { type: 'object', properties: { amount: moneySchema, changePct: { type: ['number', 'null'] } } };
const summaryResponse = responses({
  200: okResponse({
    balance: moneySchema,
    currency: { type: 'string' },
    inflow: moneyAndChange,
    outflow: moneyAndChange,
    counts: {
      type: 'object',
      properties: {
        cards: { type: 'integer' },
        cryptoAssets: { type: 'integer' },
        transactions: { type: 'integer', description: `Counted up to ${DASHBOARD_COUNT_CAP}` },
        transactionsCapped: { type: 'boolean', description: `More than ${DASHBOARD_COUNT_CAP} ("1,000+")` },
      },
    },
    recent: { type: 'array', items: transactionItemSchema },
    series: { type: 'array', items: { type: 'object', properties: { date: { type: 'string', description: 'YYYY-MM-DD' }, in: moneySchema, out: moneySchema } } },
  }),
});

export default async function dashboardRoutes(app: RouteInstance) {
  app.get(
    '/dashboard/summary',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['dashboard'],
        summary:
          "Balance, flows, counts, latest 3 and a 30-day series, computed from the ledger; months and days in the customer's time zone; the caller's primary account's, or one account's they hold (accountId)",
        querystring: dashboardQuerySchema.shape({ accountId: accountIdField() }),
        response: summaryResponse,
      },
    },
    async (request) => {
      const { timeZone, accountId } = request.query;
      return dashboardSummary(app.db.manager, request.customer!.id, new Date(), timeZone, accountId, { replica: app.readReplica, reader: replicaReaderOf(request) });
    },
  );

  const feeSchema = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      fee: moneySchema,
      percent: { type: 'number' },
      minimumAmount: moneySchema,
      description: { type: 'string' },
    },
    // The percentage and the minimum amount belong to the international transfer only.
    required: ['id', 'name', 'fee', 'description'],
  };
  const feesResponse = responses({ 200: okResponse({ schedule: { type: 'array', items: feeSchema } }) });
  app.get('/fees', { schema: { tags: ['fees'], summary: 'The fee schedule (docs/decisions/0004)', response: feesResponse } }, async () => ({
    success: true,
    schedule: [
      { id: 'same', name: 'Transfer to a Strongroom account', fee: SAME_BANK_FEE, description: 'Free and instant, any time.' },
      { id: 'local', name: 'Local bank transfer', fee: LOCAL_FEE, description: 'Flat fee in your account currency. Same day during business hours.' },
      {
        id: 'international',
        name: 'International transfer',
        fee: INTERNATIONAL_FEE.min,
        percent: INTERNATIONAL_FEE.basisPoints / 100,
        minimumAmount: INTERNATIONAL_MIN_AMOUNT,
        description: `The higher of the flat fee or ${INTERNATIONAL_FEE.basisPoints / 100}% of the amount. Processing takes 1-3 business days.`,
      },
      { id: 'fx', name: 'Currency conversion', fee: '0.00', description: 'Converted at the rate shown before you confirm; no hidden mark-up.' },
    ],
  }));
}
