import { DEPOSIT_TERMS } from '@strongroom/shared';
import { moneySchema, okResponse } from '../../common/route-schemas';

const date = { type: 'string', format: 'date' };
const uuidString = { type: 'string', format: 'uuid' };
const currency = { type: 'string', pattern: '^[A-Z]{3}$', examples: ['EUR'] };
const rate = { type: 'string', pattern: '^\\d+\\.\\d{2,4}$', description: 'Annual rate in per cent, e.g. "3.50"', examples: ['3.50'] };
const term = { type: 'integer', enum: [...DEPOSIT_TERMS], description: 'Months' };

/** A term deposit as its holder sees it (deposit-views.ts, toDepositDto). */
export const depositSchema = {
  type: 'object',
  required: [
    'id',
    'accountNumber',
    'name',
    'currency',
    'status',
    'role',
    'sourceAccountId',
    'principal',
    'termMonths',
    'rate',
    'startDate',
    'maturityDate',
    'expectedInterest',
    'accruedInterest',
    'renew',
    'renewals',
    'interestPaid',
    'forfeited',
    'endedAt',
    'createdAt',
  ],
  properties: {
    id: { ...uuidString, description: "The deposit's own account" },
    accountNumber: { type: 'string' },
    name: { type: 'string' },
    currency,
    status: { type: 'string', enum: ['active', 'matured', 'withdrawn'] },
    role: { type: 'string', enum: ['owner', 'joint', 'dependant'] },
    sourceAccountId: uuidString,
    principal: moneySchema,
    termMonths: term,
    rate,
    startDate: date,
    maturityDate: date,
    expectedInterest: Object.assign({}, moneySchema, { description: 'What the current term earns from start to maturity' }),
    accruedInterest: Object.assign({}, moneySchema, { description: 'Accrued so far, whole cents (active deposits)' }),
    renew: { type: 'boolean' },
    renewals: { type: 'integer' },
    interestPaid: moneySchema,
    forfeited: moneySchema,
    endedAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  additionalProperties: false,
};

/** A deposit as staff see it: the holder's view with its owner. */
export const staffDepositSchema = {
  ...depositSchema,
  required: [...depositSchema.required, 'customerId', 'ownerName'],
  properties: { ...depositSchema.properties, customerId: uuidString, ownerName: { type: 'string' } },
};

export const depositQuoteResponse = okResponse({
  sourceAccountId: uuidString,
  currency,
  principal: moneySchema,
  termMonths: term,
  rate,
  startDate: date,
  maturityDate: date,
  expectedInterest: moneySchema,
  totalAtMaturity: moneySchema,
});

const withdrawalFigures = {
  currency,
  principal: moneySchema,
  accruedInterest: moneySchema,
  forfeit: Object.assign({}, moneySchema, { description: 'Interest of the last forfeitDays days, never more than accrued' }),
  forfeitDays: { type: 'integer' },
  interest: Object.assign({}, moneySchema, { description: 'The interest paid: accrued less the forfeit' }),
  payout: moneySchema,
};

export const withdrawalQuoteResponse = okResponse(withdrawalFigures);
export const withdrawalResponse = okResponse({ ...withdrawalFigures, paidToAccountId: uuidString, deposit: depositSchema });
