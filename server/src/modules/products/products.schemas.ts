// The products module's answers as JSON Schema (Fastify serializes with them; the API's contract publishes them).

const ratePercent = { type: 'string', pattern: '^\\d{1,2}\\.\\d{2,4}$', examples: ['2.25'], description: 'A yearly rate in percent' };
const threshold = { type: 'string', pattern: '^\\d+\\.\\d{2}$', examples: ['10000.00'], description: "A balance, in the account's currency" };
const isoDate = { type: 'string', format: 'date' };

export const tierSchema = {
  type: 'object',
  properties: { from: threshold, ratePercent },
  required: ['from', 'ratePercent'],
};
const tiersSchema = { type: 'array', items: tierSchema };

export const productSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', enum: ['checking', 'savings', 'business', 'fixed_deposit'] },
    name: { type: 'string' },
    interestBearing: { type: 'boolean' },
    dayCount: { type: 'string', enum: ['actual/365', 'actual/360'] },
    postingFrequency: { type: 'string', enum: ['monthly'] },
    minimumOpeningAmount: { ...threshold, examples: ['1000.00'], description: "The least a new account or deposit opens with, in the account's currency" },
    forfeitDays: { type: ['integer', 'null'], description: 'Term deposits: the days of interest an early withdrawal forfeits' },
    tiers: { ...tiersSchema, description: 'The rates in force today (savings): each on the part of the balance from its threshold; empty for term deposits' },
    terms: {
      type: 'array',
      description: 'Term deposits: the rate of each term in force today, locked when a deposit opens',
      items: { type: 'object', properties: { termMonths: { type: 'integer' }, ratePercent }, required: ['termMonths', 'ratePercent'] },
    },
    scheduled: {
      type: 'array',
      description: 'Changes already decided that take effect after today, soonest first',
      items: { type: 'object', properties: { effectiveFrom: isoDate, termMonths: { type: 'integer' }, tiers: tiersSchema }, required: ['effectiveFrom', 'termMonths', 'tiers'] },
    },
  },
  required: ['code', 'name', 'interestBearing', 'dayCount', 'postingFrequency', 'minimumOpeningAmount', 'forfeitDays', 'tiers', 'terms', 'scheduled'],
};

export const rateChangeSchemaOut = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    product: { type: 'string' },
    termMonths: { type: 'integer' },
    effectiveFrom: isoDate,
    tiers: { ...tiersSchema, description: 'The schedule this change sets (new)' },
    previousTiers: { type: ['array', 'null'], items: tierSchema, description: 'The schedule it replaces (old); null for the first' },
    summary: { type: 'string', description: "'1.50%, 2.25% from 10000.00 → 1.60%, 2.30% from 10000.00'" },
    reason: { type: 'string' },
    changedBy: { type: 'string', description: "The staff member's e-mail address, or 'system'" },
    changedAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'product', 'termMonths', 'effectiveFrom', 'tiers', 'previousTiers', 'summary', 'reason', 'changedBy', 'changedAt'],
};

/** A product in the console: the catalogue's product with react-admin's id (its code). */
export const adminProductSchema = { ...productSchema, properties: { id: { type: 'string' }, ...productSchema.properties }, required: ['id', ...productSchema.required] };
