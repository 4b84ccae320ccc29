import { STANDING_ORDER_STATUSES } from '@strongroom/shared';
import { moneySchema } from '../../common/route-schemas';

const date = { type: 'string', format: 'date' };
const nullableDate = { type: ['string', 'null'], format: 'date' };

/** A standing order on the wire (StandingOrderDto). */
export const standingOrderSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: [...STANDING_ORDER_STATUSES] },
    frequency: { type: 'string', enum: ['weekly', 'monthly'] },
    recipientName: { type: 'string' },
    recipientBankName: { type: 'string' },
    recipientAccountNumber: { type: 'string' },
    amount: moneySchema,
    currency: { type: 'string' },
    firstOn: date,
    nextOn: nullableDate,
    untilOn: nullableDate,
    paymentsMade: { type: 'integer' },
    lastFailure: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: [
    'id',
    'status',
    'frequency',
    'recipientName',
    'recipientBankName',
    'recipientAccountNumber',
    'amount',
    'currency',
    'firstOn',
    'nextOn',
    'untilOn',
    'paymentsMade',
    'lastFailure',
    'createdAt',
  ],
  additionalProperties: false,
};

/** As staff see it: with the customer it belongs to. */
export const staffStandingOrderSchema = {
  ...standingOrderSchema,
  properties: { ...standingOrderSchema.properties, customerId: { type: 'string', format: 'uuid' }, customerName: { type: 'string' }, customerAccountNumber: { type: 'string' } },
};
