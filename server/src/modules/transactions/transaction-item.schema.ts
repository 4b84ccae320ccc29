import { TRANSACTION_KINDS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@strongroom/shared';
import { moneySchema, timelineSchema } from '../../common/route-schemas';

const text = { type: 'string' };
const textOrNull = { type: ['string', 'null'] };
/**
 * A transaction as the customer's list shows it and a same-bank transfer answers it (toTransactionDto: TransactionDto
 * without the detail view's holder and timeline).
 */
export const transactionItemSchema = {
  type: 'object',
  // toTransactionDto always writes these (null where the row has none); statusReason only where staff gave one.
  required: ['id', 'reference', 'type', 'kind', 'status', 'description', 'category', 'amount', 'currency', 'fees', 'recipient', 'balanceAfter', 'channel', 'location', 'memo', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    reference: text,
    type: { type: 'string', enum: [...TRANSACTION_TYPES] },
    kind: { type: 'string', enum: [...TRANSACTION_KINDS] },
    status: { type: 'string', enum: [...TRANSACTION_STATUSES] },
    description: text,
    category: text,
    amount: moneySchema,
    currency: text,
    fees: moneySchema,
    recipient: textOrNull,
    balanceAfter: { anyOf: [moneySchema, { type: 'null' }] },
    channel: text,
    location: textOrNull,
    memo: textOrNull,
    createdAt: { type: 'string', format: 'date-time' },
    statusReason: text,
  },
};

/** One transaction as its owner's detail view shows it: the list's fields, the holder where known, its status history. */
export const transactionDetailSchema = Object.assign({}, transactionItemSchema, {
  required: transactionItemSchema.required.concat('timeline'),
  properties: Object.assign({}, transactionItemSchema.properties, {
    accountHolder: { type: 'object', required: ['name', 'accountNumber'], properties: { name: text, accountNumber: text } },
    timeline: timelineSchema,
  }),
});
